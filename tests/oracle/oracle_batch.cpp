// oracle_batch: the reference-engine oracle (../shared/tools/oracle/oracle.cpp, included
// unchanged) run over many scenarios in one process, so that a differential run does not
// pay a process start and a card database read per scenario.
//
//   oracle_batch --scripts DIR --cdb PATH      then, on stdin, one scenario file path a line
//
// For each path it prints what `oracle PATH` prints, then a line holding "\x04" and the
// oracle's exit code. The card database is read on the first scenario only (sqlite3_step
// reports no rows after that; the cards read stay in the oracle's table). Every scenario
// gets a fresh duel and a fresh script cache, as a separate oracle run does.
#include <sqlite3.h>

static bool g_cdb_read = false;
static int batch_step(sqlite3_stmt* st) { return g_cdb_read ? SQLITE_DONE : sqlite3_step(st); }

#define sqlite3_step batch_step
#define main oracle_main
#include "oracle.cpp"
#undef main
#undef sqlite3_step

#include <iostream>

int main(int argc, char** argv) {
	std::vector<std::string> opts(argv + 1, argv + argc);
	std::string line;
	while (std::getline(std::cin, line)) {
		if (line.empty()) continue;
		g_scripts.clear();
		g_missing_scripts.clear();
		g_core_log.clear();
		g_puzzle.clear();
		std::vector<std::string> words = {argv[0], line};
		words.insert(words.end(), opts.begin(), opts.end());
		std::vector<char*> args;
		for (auto& w : words) args.push_back(w.data());
		args.push_back(nullptr);
		int rc = oracle_main((int)words.size(), args.data());
		if (!g_cards.empty()) g_cdb_read = true;
		printf("\n\x04%d\n", rc);
		fflush(stdout);
	}
	return 0;
}
