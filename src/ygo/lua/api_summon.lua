-- ygo's summoning helpers for the Lua scripts (the project's own code; see
-- ygo/lua/api_summon.py). `py` is the table of Python functions.
local py = ...
local uids, wrap = Group._uids, Group._wrap

-- One card chosen among `g` and the cards already chosen `sg` (choosing one of
-- those takes it back); nil when the chooser stops (`finish` or `cancel`).
function Group.SelectUnselect(g, sg, tp, finish, cancel, min, max)
	local pool = Group.Clone(g)
	if sg ~= nil then pool:Merge(sg) end
	local t = py.select(tp, uids(pool), 1, 1, (finish or cancel) and true or false)
	if t == nil then return nil end
	return wrap(t):GetFirst()
end

-- Whether some `min` to `max` cards of `g` have values of `f` adding up to `sum`.
function Group.CheckWithSumEqual(g, f, sum, min, max, ...)
	local args = table.pack(...)
	local vals = {}
	for i = 1, g._n do vals[i] = f(g[i], table.unpack(args, 1, args.n)) end
	local function go(i, left, count)
		if left == 0 and count >= min then return true end
		if i > g._n or count >= max or left < 0 then return false end
		return go(i + 1, left - vals[i], count + 1) or go(i + 1, left, count)
	end
	return go(1, sum, 0)
end

function Duel.GetMustMaterial(tp, code) return Group.CreateGroup() end

-- The cards a group check must contain (Group.CheckSubGroup, SelectSubGroup):
-- set, then taken once.
local selected = nil
function Duel.SetSelectedCard(x)
	if x == nil then selected = nil
	else selected = Group.Clone(wrap(uids(x))) end
end
function Duel.GrabSelectedCard()
	local g = selected or Group.CreateGroup()
	selected = nil
	return g
end

function Card.RemoveOverlayCard(c, p, min, max, r)
	local g = c:GetOverlayGroup()
	if g:GetCount() < min then return 0 end
	local sel = g
	if g:GetCount() > min or min ~= max then sel = g:Select(p, min, max, nil) end
	return py.detach(uids(sel), r)
end
function Duel.RemoveOverlayCard(p, s, o, min, max, r)
	local g = Duel.GetOverlayGroup(p, s, o)
	if g:GetCount() < min then return 0 end
	local sel = g
	if g:GetCount() > min or min ~= max then sel = g:Select(p, min, max, nil) end
	return py.detach(uids(sel), r)
end

local helpers = {}
-- A summoning procedure's target (with chk = 1) then operation, as one
-- function; a target that says no calls the summon off.
function helpers.procedure(target, op)
	return function(e, tp, eg, ep, ev, re, r, rp, c)
		py.proc_start()
		if target ~= nil and not target(e, tp, eg, ep, ev, re, r, rp, 1, c) then
			py.proc_abort()
			return
		end
		if op ~= nil then op(e, tp, eg, ep, ev, re, r, rp, c) end
	end
end

-- The count of materials of each Xyz condition aux.AddXyzProcedure made (for
-- ygo's explanations: "it needs 2 face-up Level 4 monsters").
local xyz_counts = setmetatable({}, {__mode = "k"})
local xyz_condition = Auxiliary and Auxiliary.XyzCondition
if xyz_condition ~= nil then
	Auxiliary.XyzCondition = function(f, lv, minct, ...)
		local fn = xyz_condition(f, lv, minct, ...)
		xyz_counts[fn] = minct
		return fn
	end
end
function helpers.xyz_count(fn) return xyz_counts[fn] end
return helpers
