"""Drawing the table: boards with their marks, the dice tray, prompts and the log."""

from __future__ import annotations

import pygame

from buttons_game.engine import OptOut, Phase, Place, PlaceStar, Skip
from buttons_game.i18n import t

from .. import art
from ..table import Marks
from ..text import draw_wrapped, wrap

THINKING_AFTER = 0.15  # seconds before "… is thinking" shows


class TableDrawing:
    """Mixed into GameScreen: draws what the state and the screen's marks say."""

    def marks(self) -> Marks:
        state = self.state
        seat = self.acting_seat()
        cursor = self.cursor if self.cursor and self.cursor[0] == seat else None
        marks = Marks(hover=self.hover, flash=self.flash, pulse=0.0, cursor=cursor)
        advice = self.hint.action if self.hint is not None else None
        if isinstance(advice, (Place, PlaceStar)):
            marks.advice = (advice.player, advice.row, advice.col)
        marks.fading = {p: (m, left) for p, (m, left) in self.fading.items()}
        marks.pending = set(state.pending_players)
        if self.summary is not None:
            return marks
        if state.phase is Phase.PLACING and state.dice is not None:
            for p in self.human_pending():
                cells = {(a.row, a.col) for a in state.legal_actions(p) if isinstance(a, Place)}
                (marks.legal if p == state.active_player else marks.gold)[p] = cells
        elif state.phase is Phase.STARS:
            for p in self.human_pending():
                marks.star_targets[p] = {(a.row, a.col) for a in state.legal_actions(p)}
        return marks

    def hint_lines(self) -> list[str]:
        """The hint in words: the advice, the exact bust chance, the expected stars."""
        h = self.hint
        if self.hint_job is not None:
            return [t("hint.thinking")]
        if h is None:
            return []
        lines = []
        action = h.action
        if isinstance(action, Place):
            lines.append(t("hint.place", row=action.row, col=action.col))
        elif isinstance(action, PlaceStar):
            key = "hint.star_line" if h.line_target else "hint.star"
            lines.append(t(key, row=action.row, col=action.col))
        elif isinstance(action, Skip):
            lines.append(t("hint.skip"))
        elif isinstance(action, OptOut):
            lines.append(t("hint.opt_out"))
        else:
            lines.append(t("hint.roll"))
        if h.phase is Phase.TURN:
            lines.append(t("hint.bust", percent=f"{100 * h.bust_probability:.1f}"))
            roll = f"{h.roll_value:.2f}" if h.roll_value is not None else "–"
            if h.stop_value is None:
                lines.append(t("hint.values_no_stop", roll=roll))
            else:
                lines.append(t("hint.values", roll=roll, stop=f"{h.stop_value:.0f}"))
        elif h.options:
            best = sorted(h.options, key=lambda option: -option[1])[:3]
            shown = []
            for option, value in best:
                where = (
                    f"({option.row}, {option.col})"
                    if isinstance(option, Place)
                    else t("hint.skip_short")
                )
                shown.append(f"{where} {value:.2f}")
            lines.append(t("hint.options", options=" · ".join(shown)))
        return lines

    def prompt(self) -> tuple[str, str]:
        state = self.state
        if self.summary is not None:
            return t("summary.place_prompt"), "accent"
        if self.job is not None and self.job.waited > THINKING_AFTER and not self.job.future.done():
            return t("game.thinking", name=self.name_of(self.job.player)), "text_dim"
        a = state.active_player
        if state.phase is Phase.TURN:
            if not self.is_human(a):
                return t("game.turn_bot", name=self.name_of(a)), "text_dim"
            key = "game.turn_human" if state.button_mask(a) else "game.turn_human_first"
            return t(key, name=self.name_of(a)), "accent"
        if state.phase is Phase.ROLLING:
            return t("game.rolling", name=self.name_of(a)), "text"
        lines = []
        dice = state.dice
        for p in self.human_pending():
            if state.phase is Phase.STARS:
                lines.append(t("game.place_stars", name=self.name_of(p), n=state.stars_due(p)))
            elif dice is not None and p == a:
                lines.append(t("game.place_active", name=self.name_of(p), row=dice.white))
            elif dice is not None:
                lines.append(
                    t("game.place_gold", name=self.name_of(p), row=dice.white, col=dice.gold)
                )
        return "\n".join(lines), "accent"

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.background)
        s = self.app.scale
        state = self.state
        names = [seat.name for seat in self.game.seats]
        emphasise = state.active_player if state.phase is not Phase.STARS else None
        self.table.draw(surface, state, self.geometry, names, self.marks(), emphasise)
        # top bar: round and banner
        title = art.text(t("game.round", n=state.round_number), int(24 * s), "accent", True)
        surface.blit(title, (self.board_area.left + 4, int(8 * s)))
        if self.banner:
            banner = art.text(self.banner[0], int(19 * s), "text", True)
            surface.blit(
                banner, (self.board_area.left + title.get_width() + int(24 * s), int(12 * s))
            )
        self._draw_side(surface)
        if self.summary:
            self.summary.draw(surface, self)
        else:
            self._draw_die_tip(surface)

    def _draw_die_tip(self, surface: pygame.Surface) -> None:
        """A tooltip for the die under the mouse: what it decides."""
        pos = pygame.mouse.get_pos()
        for rect, kind in self.die_rects:
            if rect.collidepoint(pos):
                s = self.app.scale
                width = int(300 * s)
                lines = wrap(t(f"game.die_{kind}"), int(15 * s), width - 16)
                h = len(lines) * int(15 * s * 1.35) + 14
                box = pygame.Rect(0, 0, width, h)
                box.topright = (rect.right, rect.bottom + 6)
                box.clamp_ip(surface.get_rect())
                pygame.draw.rect(surface, (12, 14, 20), box, border_radius=8)
                pygame.draw.rect(surface, art.colour("accent"), box, width=1, border_radius=8)
                draw_wrapped(surface, t(f"game.die_{kind}"), box.inflate(-16, -14), int(15 * s))
                return

    def _draw_side(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        side = self.side
        pygame.draw.rect(surface, art.colour("panel"), side, border_radius=14)
        pygame.draw.rect(surface, art.colour("panel_border"), side, width=2, border_radius=14)
        state = self.state
        pad = int(10 * s)
        head = art.text(t("game.in_hand"), int(17 * s), "text_dim", True)
        surface.blit(head, (side.left + pad, side.top + pad))
        white, gold, plain = self.shown_dice
        if state.phase is Phase.PLACING and state.dice is not None:
            white, gold, plain = state.dice.white, state.dice.gold, state.dice.plain
        else:
            plain = (tuple(plain) + (1, 1, 1, 1))[: state.plain_dice_in_hand]
        d = self.dice_size
        self.die_rects = []
        jitter = self.roll_left is not None
        faces = [("white", white), ("gold", gold)] + [("plain", v) for v in plain]
        for i, (kind, value) in enumerate(faces):
            row, col = divmod(i, 3) if len(faces) > 3 else (0, i)
            x = side.left + pad + col * (d + int(d * 0.35))
            y = self.dice_top + row * (d + int(8 * s))
            if jitter:
                x += self.dice_rng.randint(-3, 3)
                y += self.dice_rng.randint(-3, 3)
            surface.blit(art.die(kind, value, d), (x, y))
            self.die_rects.append((pygame.Rect(x, y, d, d), kind))
        text, tint = self.prompt()
        rect = pygame.Rect(side.left + pad, self.text_top, side.width - 2 * pad, int(150 * s))
        used = draw_wrapped(surface, text, rect, int(17 * s), tint, bold=True)
        advice = self.hint_lines()
        if advice:
            box = pygame.Rect(
                side.left + pad,
                self.text_top + used + int(6 * s),
                side.width - 2 * pad,
                int(140 * s),
            )
            used += int(10 * s) + draw_wrapped(
                surface, "\n".join(advice), box, int(15 * s), "legal"
            )
        log_rect = pygame.Rect(
            side.left + pad,
            self.text_top + used + int(12 * s),
            side.width - 2 * pad,
            self.menu_button.rect.top - self.text_top - used - int(90 * s),
        )
        y = log_rect.top
        for message, tint in self.messages:
            if y > log_rect.bottom:
                break
            y += draw_wrapped(
                surface,
                message,
                pygame.Rect(log_rect.left, y, log_rect.width, log_rect.bottom - y),
                int(15 * s),
                tint,
            ) + int(4 * s)
        size = int(13 * s)
        # The key line is wrapped once and its lines blitted (no second wrap per frame).
        lines = wrap(t("game.keys"), size, side.width - 2 * pad)
        step = int(size * 1.35)
        y = self.menu_button.rect.top - int(8 * s) - len(lines) * step
        for line in lines:
            surface.blit(art.text(line, size, "text_dim"), (side.left + pad, y))
            y += step
