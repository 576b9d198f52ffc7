-- ygo's side of the YGOPro card script API (the project's own code).
--
-- Loaded before the user's constant.lua / utility.lua / procedure.lua. `py` is
-- the table of Python functions (ygo/lua/bridge.py); cards cross as their uid,
-- groups are Lua tables of card objects built here, effects are Lua tables
-- whose mutable parts (labels) live in the duel's state on the Python side.
local py = ...

Card, Effect, Group, Duel, Debug = {}, {}, {}, {}, {}

-- A name the scripts call that ygo does not provide yet: calling it raises an
-- error naming it (the scan reports these as "unsupported API function").
local function missing(lib, libname)
	setmetatable(lib, {__index = function(_, key)
		-- (API functions are capitalised; an object's own fields are not)
		if type(key) ~= "string" or not key:match("^%u") then return nil end
		return function() error("unsupported API function " .. libname .. "." .. key, 2) end
	end})
end

-- -- groups ----------------------------------------------------------------------
local GroupMT = {__index = Group}

local function newgroup()
	return setmetatable({_n = 0, _in = {}, _i = 0}, GroupMT)
end

local function add(g, c)
	if c ~= nil and not g._in[c] then
		g._n = g._n + 1
		g[g._n] = c
		g._in[c] = true
	end
end

-- A group from a Lua table of card objects (what the Python side returns).
function Group._wrap(t)
	local g = newgroup()
	for i = 1, #t do add(g, t[i]) end
	return g
end
local wrap = Group._wrap

-- The uids of a group, a card or nil, as a Lua table (what Python reads).
local function uids(x)
	local out = {}
	if x == nil then return out end
	if getmetatable(x) == GroupMT then
		for i = 1, x._n do out[i] = x[i]._uid end
	else
		out[1] = x._uid
	end
	return out
end
Group._uids = uids

function Group.CreateGroup() return newgroup() end
function Group.FromCards(...)
	local g = newgroup()
	for _, c in ipairs({...}) do add(g, c) end
	return g
end
function Group.Clone(g)
	local n = newgroup()
	for i = 1, g._n do add(n, g[i]) end
	return n
end
function Group.KeepAlive(g) return g end
function Group.DeleteGroup(g) end
function Group.Clear(g)
	for i = 1, g._n do g[i] = nil end
	g._n, g._in, g._i = 0, {}, 0
end
function Group.AddCard(g, c)
	if getmetatable(c) == GroupMT then
		for i = 1, c._n do add(g, c[i]) end
	else
		add(g, c)
	end
	return g
end
local function remove(g, c)
	if not g._in[c] then return end
	g._in[c] = nil
	local j = 0
	for i = 1, g._n do
		local x = g[i]
		g[i] = nil
		if x ~= c then j = j + 1; g[j] = x end
	end
	g._n = j
end
function Group.RemoveCard(g, c)
	if getmetatable(c) == GroupMT then
		for i = 1, c._n do remove(g, c[i]) end
	else
		remove(g, c)
	end
	return g
end
Group.Merge = Group.AddCard
Group.Sub = Group.RemoveCard
function Group.GetCount(g) return g._n end
function Group.IsContains(g, c) return g._in[c] == true end
function Group.GetFirst(g)
	g._i = 1
	return g[1]
end
function Group.GetNext(g)
	g._i = g._i + 1
	return g[g._i]
end
function Group.Iter(g)
	local i = 0
	return function() i = i + 1 return g[i] end
end
-- (`ex` may be a card or a group: the cards left out.)
local function excluded(ex, c)
	if ex == nil then return false end
	if getmetatable(ex) == GroupMT then return ex._in[c] == true end
	return ex == c
end
function Group.Filter(g, f, ex, ...)
	local out = newgroup()
	for i = 1, g._n do
		local c = g[i]
		if not excluded(ex, c) and (f == nil or f(c, ...)) then add(out, c) end
	end
	return out
end
function Group.FilterCount(g, f, ex, ...)
	local n = 0
	for i = 1, g._n do
		local c = g[i]
		if not excluded(ex, c) and (f == nil or f(c, ...)) then n = n + 1 end
	end
	return n
end
function Group.IsExists(g, f, count, ex, ...)
	local n = 0
	for i = 1, g._n do
		local c = g[i]
		if not excluded(ex, c) and (f == nil or f(c, ...)) then
			n = n + 1
			if n >= count then return true end
		end
	end
	return false  -- (as ygopro-core: a count of 0 still needs one card)
end
function Group.ForEach(g, f, ...)
	local copy = {}
	for i = 1, g._n do copy[i] = g[i] end
	for i = 1, #copy do f(copy[i], ...) end
end
function Group.Equal(a, b)
	if a._n ~= b._n then return false end
	for i = 1, a._n do if not b._in[a[i]] then return false end end
	return true
end
local function sum(g, f, ...)
	local s = 0
	for i = 1, g._n do s = s + f(g[i], ...) end
	return s
end
function Group.GetSum(g, f, ...) return sum(g, f, ...) end
local function extreme(g, f, better, ...)
	local best, out = nil, newgroup()
	for i = 1, g._n do
		local v = f(g[i], ...)
		if best == nil or better(v, best) then best = v; out = newgroup(); add(out, g[i])
		elseif v == best then add(out, g[i]) end
	end
	return out, best
end
function Group.GetMinGroup(g, f, ...)
	if g._n == 0 then return nil end
	return extreme(g, f, function(a, b) return a < b end, ...)
end
function Group.GetMaxGroup(g, f, ...)
	if g._n == 0 then return nil end
	return extreme(g, f, function(a, b) return a > b end, ...)
end
function Group.GetClassCount(g, f, ...)
	local seen, n = {}, 0
	for i = 1, g._n do
		local v = f(g[i], ...)
		if not seen[v] then seen[v] = true; n = n + 1 end
	end
	return n
end
-- Choices go to the Python side, which asks the player (or takes the answer
-- already given) and returns the chosen cards.
function Group.Select(g, sp, min, max, ex, ...)
	local pool = ex == nil and g or g:Filter(nil, ex)
	return wrap(py.select(sp, uids(pool), min, max, false))
end
function Group.CancelableSelect(g, sp, min, max, ex, ...)
	local pool = ex == nil and g or g:Filter(nil, ex)
	local t = py.select(sp, uids(pool), min, max, true)
	if t == nil then return nil end
	return wrap(t)
end
function Group.FilterSelect(g, sp, f, min, max, ex, ...)
	return g:Filter(f, ex, ...):Select(sp, min, max, nil)
end
function Group.RandomSelect(g, sp, count)
	return wrap(py.random_select(uids(g), count))
end
GroupMT.__len = Group.GetCount
GroupMT.__add = function(a, b) return Group.Clone(a):Merge(b) end
GroupMT.__sub = function(a, b) return Group.Clone(a):Sub(b) end
GroupMT.__band = function(a, b) return a:Filter(function(c) return b._in[c] end, nil) end
missing(Group, "Group")

-- -- effects ---------------------------------------------------------------------
-- An effect being built (Effect.CreateEffect ... :Set...) is a table of its
-- fields; once a card of a duel plays it, the duel sees an instance: a table
-- {_uid, _index, _proto} whose mutable values live in the duel's state.
local EffectMT = {__index = Effect}

function Effect.CreateEffect(c)
	if c == nil then error("Effect.CreateEffect needs a card", 2) end
	return setmetatable({_owner = c, type = 0, code = 0, property = 0, category = 0,
		range = 0, s_range = 0, o_range = 0, label = 0, reset = 0, value = nil}, EffectMT)
end
function Effect.GlobalEffect()
	return setmetatable({_owner = nil, type = 0, code = 0, property = 0, category = 0,
		range = 0, s_range = 0, o_range = 0, label = 0, reset = 0, value = nil}, EffectMT)
end
local function proto(e) return e._proto or e end
local function setter(field)
	return function(e, v) proto(e)[field] = v end
end
Effect.SetType = setter("type")
Effect.SetCode = setter("code")
Effect.SetCategory = setter("category")
Effect.SetProperty = function(e, a, b) proto(e).property = a; proto(e).property2 = b end
Effect.SetRange = setter("range")
Effect.SetTargetRange = function(e, s, o) proto(e).s_range = s; proto(e).o_range = o end
Effect.SetCondition = setter("condition")
Effect.SetCost = setter("cost")
Effect.SetTarget = setter("target")
Effect.SetOperation = setter("operation")
Effect.SetValue = setter("value")
Effect.SetDescription = setter("description")
Effect.SetHintTiming = function(e, a, b) proto(e).hint = a end
Effect.SetCountLimit = function(e, n, code, flag)
	local p = proto(e)
	p.count = n; p.count_code = code or 0; p.count_flag = flag or 0
end
Effect.SetReset = function(e, r, n) proto(e).reset = r; proto(e).reset_count = n or 1 end
Effect.SetAbsoluteRange = function(e, p, s, o) proto(e).s_range = s; proto(e).o_range = o end
function Effect.GetType(e) return proto(e).type end
function Effect.GetCode(e) return proto(e).code end
function Effect.GetCategory(e) return proto(e).category end
function Effect.GetProperty(e) return proto(e).property, proto(e).property2 or 0 end
function Effect.GetRange(e) return proto(e).range end
function Effect.GetCondition(e) return proto(e).condition end
function Effect.GetCost(e) return proto(e).cost end
function Effect.GetTarget(e) return proto(e).target end
function Effect.GetOperation(e) return proto(e).operation end
function Effect.GetValue(e) return proto(e).value end
function Effect.GetDescription(e) return proto(e).description or 0 end
function Effect.IsHasType(e, t) return (proto(e).type & t) ~= 0 end
function Effect.IsHasProperty(e, a, b)
	local p = proto(e)
	return (a ~= nil and a ~= 0 and (p.property & a) ~= 0) or (b ~= nil and b ~= 0 and ((p.property2 or 0) & b) ~= 0)
end
function Effect.IsActiveType(e, t) return (py.active_type(e._uid or -1) & t) ~= 0 end
function Effect.GetActiveType(e) return py.active_type(e._uid or -1) end
function Effect.GetHandler(e)
	if e._uid ~= nil then return py.card(e._uid) end
	return e._owner
end
Effect.GetOwner = Effect.GetHandler
function Effect.GetHandlerPlayer(e) return py.controller(e._uid or -1) end
function Effect.GetOwnerPlayer(e) return py.owner_player(e._uid or -1) end
-- Labels: an instance's live in the duel's state (until set there, the one its table got in
-- initial_effect); a table being built keeps its own.
function Effect.SetLabel(e, ...)
	if e._uid ~= nil then py.set_label(e._uid, e._index, ...) else e.label = ... end
end
local function label_or_initial(e, v, ...)
	if v == nil then return proto(e).label or 0 end
	return v, ...
end
function Effect.GetLabel(e)
	if e._uid ~= nil then return label_or_initial(e, py.get_label(e._uid, e._index)) end
	return e.label or 0
end
function Effect.SetLabelObject(e, o)
	if e._uid ~= nil then py.set_label_object(e._uid, e._index, uids(o), getmetatable(o) == GroupMT)
	else e.label_object = o end
end
function Effect.GetLabelObject(e)
	if e._uid == nil then return e.label_object end
	local t, isgroup = py.get_label_object(e._uid, e._index)
	if t == nil then return nil end
	if isgroup then return wrap(t) end
	return t[1]
end
function Effect.Clone(e)
	local n = setmetatable({}, EffectMT)
	for k, v in pairs(proto(e)) do n[k] = v end
	n._uid, n._index, n._proto = nil, nil, nil
	return n
end
function Effect.Reset(e) end
function Effect.IsActivated(e) return (proto(e).type & 0x7f0) ~= 0 end
function Effect.GetFieldID(e) return py.effect_field_id(e._uid or -1, e._index or 0) end
missing(Effect, "Effect")

-- An instance of a built effect, for card `uid` of a duel (made by Python).
function Effect._instance(uid, index, p)
	return setmetatable({_uid = uid, _index = index, _proto = p}, EffectMT)
end

-- -- cards ---------------------------------------------------------------------
-- A card object is {_uid = uid} whose metatable is its card's class table
-- (cNNNN, whose own metatable leads to Card): `c:IsCode(...)` finds Card's.
-- During initial_effect the card is a template (_uid = -1): the Python side
-- reads it as the handler of the effect being run.
function Card._new(uid, class) return setmetatable({_uid = uid}, class) end
missing(Card, "Card")
missing(Duel, "Duel")
missing(Debug, "Debug")

-- Functions that take or give cards and groups, over the Python primitives.
function Duel.GetFieldGroup(p, s, o) return wrap(py.field(p, s, o)) end
function Duel.GetFieldGroupCount(p, s, o) return py.field_count(p, s, o) end
function Duel.GetMatchingGroup(f, p, s, o, ex, ...)
	return wrap(py.field(p, s, o)):Filter(f, ex, ...)
end
function Duel.GetMatchingGroupCount(f, p, s, o, ex, ...)
	return wrap(py.field(p, s, o)):FilterCount(f, ex, ...)
end
function Duel.IsExistingMatchingCard(f, p, s, o, count, ex, ...)
	return wrap(py.field(p, s, o)):IsExists(f, count, ex, ...)
end
function Duel.SelectMatchingCard(sp, f, p, s, o, min, max, ex, ...)
	return wrap(py.field(p, s, o)):Filter(f, ex, ...):Select(sp, min, max, nil)
end
function Duel.GetFirstMatchingCard(f, p, s, o, ex, ...)
	return wrap(py.field(p, s, o)):Filter(f, ex, ...):GetFirst()
end
-- Targets: the cards an effect may target are also those that can be targeted.
local function targetable(p, s, o, ex, f, ...)
	local e = py.current_effect()
	local args = {...}
	return wrap(py.field(p, s, o)):Filter(function(c)  -- (the filter first, as ygopro-core)
		return (f == nil or f(c, table.unpack(args))) and c:IsCanBeEffectTarget(e)
	end, ex)
end
function Duel.IsExistingTarget(f, p, s, o, count, ex, ...)
	if count <= 0 then return targetable(p, s, o, ex, f, ...):GetCount() >= count end
	local e = py.current_effect()  -- (stops at the count-th card, as targetable's order)
	return wrap(py.field(p, s, o)):IsExists(function(c, ...)
		return (f == nil or f(c, ...)) and c:IsCanBeEffectTarget(e)
	end, count, ex, ...)
end
function Duel.GetTargetCount(f, p, s, o, ex, ...)
	return targetable(p, s, o, ex, f, ...):GetCount()
end
function Duel.SelectTarget(sp, f, p, s, o, min, max, ex, ...)
	local g = targetable(p, s, o, ex, f, ...):Select(sp, min, max, nil)
	py.add_targets(uids(g))
	return g
end
function Duel.SetTargetCard(x) py.add_targets(uids(x)) end
function Duel.GetFirstTarget()
	local t = py.targets(false)
	return table.unpack(t)
end
function Duel.GetTargetsRelateToChain()
	return wrap(py.targets(true))
end
function Duel.GetChainInfo(n, ...)
	local out = {}
	for i, what in ipairs({...}) do
		local v, kind = py.chain_info(n, what)
		if kind == 1 then v = wrap(v) end
		out[i] = v
	end
	return table.unpack(out, 1, select("#", ...))
end
function Duel.GetOperatedGroup() return wrap(py.operated()) end
local function cards_arg(x) return uids(x) end
function Duel.Destroy(x, r, dest) return py.destroy(cards_arg(x), r, dest or 0) end
function Duel.SendtoGrave(x, r) return py.to_grave(cards_arg(x), r) end
function Duel.SendtoHand(x, p, r) return py.to_hand(cards_arg(x), p, r) end
function Duel.Remove(x, pos, r) return py.remove(cards_arg(x), pos, r) end
function Duel.SendtoDeck(x, p, seq, r) return py.to_deck(cards_arg(x), p, seq, r) end
function Duel.SpecialSummon(x, st, sp, tp, nocheck, nolimit, pos, zone)
	return py.special_summon(cards_arg(x), st, sp, tp, nocheck, nolimit, pos or 0x5)
end
function Duel.ConfirmCards(p, x) py.confirm(p, cards_arg(x)) end
function Duel.SetOperationInfo(n, cat, x, count, p, param)
	-- As the reference: the cards are a card or a group; anything else (scripts
	-- often pass 0) names no card.
	if type(x) ~= "table" then x = nil end
	py.operation_info(cat, uids(x), count, p, param)
end
function Duel.SetPossibleOperationInfo(n, cat, x, count, p, param) end
function Duel.Hint(...) end
function Duel.HintSelection(...) end
function Duel.AdjustAll() end
function Duel.AdjustInstantly(...) end
function Duel.Readjust() end
function Duel.LoadScript(...) error("unsupported API function Duel.LoadScript", 2) end
function Debug.Message(...) end

-- Effects a card function creates while a duel runs: the Python side keeps
-- what it can express in the duel's state (an ATK change until the End Phase,
-- a player's protection for the turn...) and refuses the rest by name.
function Card.RegisterEffect(c, e, forced)
	return py.register_card(c._uid, e)
end
function Duel.RegisterEffect(e, p)
	return py.register_player(e, p)
end

-- Discards, Tributes: selections over the Python primitives.
function Duel.DiscardHand(p, f, min, max, r, ex, ...)
	local g = wrap(py.field(p, 0x2, 0)):Filter(function(c, ...)
		return c:IsDiscardable() and (f == nil or f(c, ...))
	end, ex, ...)
	if g:GetCount() < min then return 0 end
	local sel = g:Select(p, min, max, nil)
	return py.to_grave(uids(sel), (r or 0) | 0x4000)
end
function Duel.GetReleaseGroup(p, hand)
	local s = 0x4
	if hand then s = s | 0x2 end
	return wrap(py.field(p, s, 0)):Filter(function(c)
		return c:IsReleasable() and (c:IsLocation(0x4) or c:IsType(0x1))
	end, nil)
end
function Duel.GetReleaseGroupCount(p, hand) return Duel.GetReleaseGroup(p, hand):GetCount() end
function Duel.CheckReleaseGroup(p, f, count, ex, ...)
	return Duel.GetReleaseGroup(p, false):IsExists(f, count, ex, ...)
end
function Duel.CheckReleaseGroupEx(p, f, count, r, hand, ex, ...)
	return Duel.GetReleaseGroup(p, hand):IsExists(f, count, ex, ...)
end
function Duel.SelectReleaseGroup(p, f, min, max, ex, ...)
	return Duel.GetReleaseGroup(p, false):Filter(f, ex, ...):Select(p, min, max, nil)
end
function Duel.SelectReleaseGroupEx(p, f, min, max, r, hand, ex, ...)
	return Duel.GetReleaseGroup(p, hand):Filter(f, ex, ...):Select(p, min, max, nil)
end
function Effect.IsCostChecked(e) return py.cost_checked() end

-- -- Fusion and Ritual Summons (the Python side: ygo/lua/api_fusion.py) ----------
-- Cards a selection or a sum check must take (Duel.SetSelectedCard): kept until
-- the next check or selection takes them (Duel.GrabSelectedCard).
local must_select = nil
function Duel.SetSelectedCard(x)
	must_select = newgroup()
	Group.AddCard(must_select, x)
end
function Duel.GrabSelectedCard()
	local g = must_select or newgroup()
	must_select = nil
	return g
end
-- One card more for the group `sg` being built, from `g`; nil when the player stops.
function Group.SelectUnselect(g, sg, tp, finish, cancel, min, max)
	local pool = g:Filter(function(c) return not sg:IsContains(c) end, nil)
	return py.select_unselect(tp, uids(pool), finish, cancel)
end
function Duel.GetFusionMaterial(p, loc)
	local g = wrap(py.fusion_material(p, loc or 0x6))
	return g, g:Clone()
end
function Duel.SelectFusionMaterial(p, fc, g, gc, chkf)
	return wrap(py.select_fusion_material(p, fc._uid, uids(g), gc and gc._uid, chkf or 2))
end
function Duel.GetChainMaterial(p) return nil end  -- (no EFFECT_CHAIN_MATERIAL in ygo yet)
function Duel.GetRitualMaterial(p) return wrap(py.ritual_material(p)) end
function Duel.ReleaseRitualMaterial(g) return py.release_ritual_material(uids(g)) end

-- Sums (a Ritual's Levels): f(c, ...) gives a card's value, or two values packed
-- as low + (high << 16) of which either may count. The cards taken first (the
-- selected cards) are always in; the others are chosen.
local function sum_values(g, f, ...)
	local vals = {}
	for i = 1, g._n do
		local v = f(g[i], ...)
		local a, b = v & 0xffff, v >> 16
		vals[i] = b > 0 and {a, b} or {a}
	end
	return vals
end
-- Whether cards `list` (indices into `vals`, from `start`) can be added to the
-- cards so far (sum `acc`, smallest value `low`, `n` cards) so that `ok` holds.
local function sum_search(vals, list, start, acc, low, n, ok, more)
	if ok(acc, low, n) then return true end
	if not more(acc, n) then return false end
	for k = start, #list do
		for _, v in ipairs(vals[list[k]]) do
			if sum_search(vals, list, k + 1, acc + v, math.min(low, v), n + 1, ok, more) then
				return true
			end
		end
	end
	return false
end
-- Every way to count the cards `fixed` (each with one of its values).
local function fixed_sums(vals, fixed)
	local out = {{0, 0xffff}}
	for _, i in ipairs(fixed) do
		local nxt = {}
		for _, s in ipairs(out) do
			for _, v in ipairs(vals[i]) do nxt[#nxt + 1] = {s[1] + v, math.min(s[2], v)} end
		end
		out = nxt
	end
	return out
end
-- "Greater": the sum reaches `acc` and no card is more than needed (without the
-- smallest value it would not reach it).
local function greater_ok(target)
	return function(acc, low, n) return n > 0 and acc >= target and acc - low < target end
end
local function equal_ok(target, min, max, nfixed)
	return function(acc, low, n)
		return acc == target and n - nfixed >= min and n - nfixed <= max
	end
end
local function sum_check(g, must, f, ok, more, ...)
	local all = newgroup()
	Group.AddCard(all, must)
	Group.AddCard(all, g)
	local vals = sum_values(all, f, ...)
	local fixed, free = {}, {}
	for i = 1, all._n do
		if must._in[all[i]] then fixed[#fixed + 1] = i else free[#free + 1] = i end
	end
	for _, s in ipairs(fixed_sums(vals, fixed)) do
		if sum_search(vals, free, 1, s[1], s[2], #fixed, ok, more) then return true end
	end
	return false
end
function Group.CheckWithSumGreater(g, f, acc, ...)
	local must = Duel.GrabSelectedCard()
	return sum_check(g, must, f, greater_ok(acc), function(s) return s < acc end, ...)
end
function Group.CheckWithSumEqual(g, f, acc, min, max, ...)
	local must = Duel.GrabSelectedCard()
	if min < 0 then min = 0 end
	if max < min then max = min end
	return sum_check(g, must, f, equal_ok(acc, min, max, must._n),
		function(s, n) return s < acc and n - must._n < max end, ...)
end
-- Choose cards one at a time, each keeping a valid total possible; stop when
-- the chosen cards are a valid total (or when nothing more can be added).
local function sum_select(g, tp, f, ok, more_of, ...)
	local must = Duel.GrabSelectedCard()
	local args = table.pack(...)
	local sg = must:Clone()
	local function valid_with(extra)
		local fixed = sg:Clone()
		if extra then fixed:AddCard(extra) end
		local rest = g:Filter(function(c) return not fixed:IsContains(c) end, nil)
		local k = fixed._n
		return sum_check(rest, fixed, f, ok(k), more_of(k), table.unpack(args, 1, args.n))
	end
	while true do
		local done = sum_check(newgroup(), sg, f, ok(sg._n), more_of(sg._n),
			table.unpack(args, 1, args.n))
		local cg = g:Filter(function(c) return not sg:IsContains(c) and valid_with(c) end, nil)
		if cg._n == 0 then break end
		local tc = py.select_unselect(tp, uids(cg), done, false)
		if tc == nil then break end
		sg:AddCard(tc)
	end
	return sg
end
function Group.SelectWithSumGreater(g, tp, f, acc, ...)
	return sum_select(g, tp, f, function() return greater_ok(acc) end,
		function() return function(s) return s < acc end end, ...)
end
function Group.SelectWithSumEqual(g, tp, f, acc, min, max, ...)
	if min < 0 then min = 0 end
	if max < min then max = min end
	local nmust = must_select and must_select._n or 0
	return sum_select(g, tp, f, function() return equal_ok(acc, min, max, nmust) end,
		function() return function(s, n) return s < acc and n - nmust < max end end, ...)
end
-- Materials a player must use (EFFECT_MUST_BE_FMATERIAL...): no such effect can
-- be in play in ygo (the bridge does not translate them), so none.
function Duel.GetMustMaterial(p, code) return newgroup() end
function Duel.CheckMustMaterial(p, g, code) return true end
