"""The Lua bridge's tests run against the YGOPro scripts in ``../shared``
(``YGO_TEST_LUA_SCRIPTS`` names another folder); without them, or without the
``lupa`` extra, they are skipped with the reason. The ``lua_folder`` fixture
is in ``tests/conftest.py`` (the command-line tests use it too)."""
