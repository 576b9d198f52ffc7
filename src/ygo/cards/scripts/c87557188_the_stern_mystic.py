"""The Stern Mystic (Flip Effect monster): when it is flipped face-up, every
face-down card on the field is shown to both players and stays face-down (it is
never turned face-up, so no Flip effect or trap activates)."""

from ygo.effects import ONFIELD, Ctx, face_down, flip, matching, reveal, step

CODE = 87557188


def _reveal_face_down(ctx: Ctx) -> None:
    reveal(ctx, matching(ctx, ONFIELD, face_down))


EFFECTS = (flip(step(_reveal_face_down), text="reveal every face-down card", category=0),)
