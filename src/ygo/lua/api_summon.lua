-- ygo's summoning helpers for the Lua scripts (the project's own code; see
-- ygo/lua/api_summon.py). `py` is the table of Python functions.
local py = ...
local uids, wrap = Group._uids, Group._wrap

-- (Group.SelectUnselect, CheckWithSumEqual, Duel.GetMustMaterial, SetSelectedCard
-- and GrabSelectedCard: api.lua.)

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
