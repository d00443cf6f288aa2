"""War in Binni's actions on the umpire's board: the context menus of places and counters and the
Turn menu's trades and news. Named in Binni's manifest (:data:`boardapp.builtin_rules.BINNI`) and put
into the window by :mod:`boardapp.ui.contributions`; the window itself knows no rule system's commands.
Every command goes through the window's controller (the one door)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QInputDialog, QMenu

from boardapp.ui import contributions
from boardapp.ui.control.dock import seat_of


def counter_actions(window: Any, menu: QMenu, counter: str) -> None:
    """The context menu of a counter (manifest: ``context``, on counters)."""
    BinniActions(window).counter_menu(menu, counter)


def place_actions(window: Any, menu: QMenu, place: str) -> None:
    """The context menu of a place (manifest: ``context``, on places)."""
    BinniActions(window).place_menu(menu, place)


def transfer_dialog(window: Any) -> None:
    """Turn ▸ Transfer between teams… (manifest action ``binni.transfer``)."""
    BinniActions(window).transfer_dialog()


def news_dialog(window: Any) -> None:
    """Turn ▸ News… (manifest action ``binni.news``)."""
    BinniActions(window).news_dialog()


class BinniActions:
    """The War in Binni commands an umpire gives from menus (moves and deployments are drags)."""

    def __init__(self, window: Any) -> None:
        self.window = window

    def submit(self, command: dict[str, Any]) -> None:
        self.window.controller.submit(command)

    def refusal(self, command: dict[str, Any]) -> list[str]:
        """Why the rules refuse ``command`` now (the module's own ``check``; empty when it applies)."""
        game = self.window.game
        try:
            return list(game.module.check(game.state, game.module.parse_command(command)))
        except ValueError as exc:  # pydantic's ValidationError is a ValueError: the command cannot be made
            return [str(exc).splitlines()[0]]

    @staticmethod
    def grey(action: QAction, reasons: list[str]) -> QAction:
        """An item that cannot apply now: greyed, with the rules' reasons as its tooltip."""
        if reasons:
            action.setEnabled(False)
            action.setToolTip("\n".join(reasons))
            menu = action.parent()
            if isinstance(menu, QMenu):
                menu.setToolTipsVisible(True)
        return action

    def _attack_refusal(self, place: str, attackers: list[str]) -> list[str]:
        """Why these attackers can attack no place from where they stand (empty: some attack is legal)."""
        module = self.window.game.module
        first: list[str] = []
        for target in [place, *module.map.neighbours(place)]:
            reasons = self.refusal({"kind": "attack", "place": target, "attackers": attackers})
            if not reasons:
                return []
            first = first or reasons
        return first

    def counter_menu(self, menu: QMenu, ident: str) -> None:
        scene = self.window.scene
        piece = scene.counters[ident].piece if scene and ident in scene.counters else None
        if piece is not None and piece.place:
            place = piece.place
            attack = menu.addAction("Attack a neighbouring place from here…", lambda: self.attack_from(ident, place))
            mine = seat_of(self.window.game)[2]  # an umpire limited by his seat attacks with his teams' counters
            if mine is not None and piece.team not in mine:
                teams = {t.id: t.name for t in self.window.game.module.teams}
                self.grey(attack, [f"this seat commands {', '.join(teams.get(t, t) for t in sorted(mine))}, "
                                   f"not {teams.get(piece.team, piece.team)}"])
        activate = {"kind": "activate", "counter": ident}
        self.grey(menu.addAction("Activate for this week", lambda: self.submit(activate)), self.refusal(activate))
        rebuild = {"kind": "rebuild", "counter": ident}
        self.grey(menu.addAction("Rebuild (1 loss)", lambda: self.submit(rebuild)), self.refusal(rebuild))
        menu.addAction("Strike this counter…", lambda: self.strike_dialog(ident))
        menu.addAction("Give to another team…", lambda: self.give_counter_dialog(ident))

    def neighbours_to_attack(self, counter: str, place: str) -> list[tuple[str, str]]:
        """(place, label) of the places one road from ``place``, those holding units hostile to the counter's
        team first ("Delta — 2 hostile units"): where an attack from here can go."""
        module, state = self.window.game.module, self.window.game.state
        team = state.counters[counter].team
        out = []
        for n in module.map.neighbours(place):
            hostile = len(module.hostile_units(state, n, team))
            label = module.place_name(n) + (f" — {hostile} hostile unit{'s' if hostile != 1 else ''}" if hostile
                                            else " — no hostile unit")
            out.append((hostile, n, label))
        out.sort(key=lambda t: -t[0])
        return [(n, label) for _h, n, label in out]

    def attack_from(self, counter: str, place: str) -> QDialog | None:
        """Ask which neighbouring place the counter attacks, then open the fight dialog there (issue 19.12:
        it opened an attack on the counter's own place)."""
        choices = self.neighbours_to_attack(counter, place)
        if not choices:
            self.window.statusBar().showMessage(f"{self.window.game.module.place_name(place)} has no road to "
                                                "another place: nothing to attack from here", 8000)
            return None
        labels = [label for _n, label in choices]
        label, ok = QInputDialog.getItem(self.window, "Attack from here", f"{counter} attacks which place?",
                                         labels, 0, False)
        if not ok:
            return None
        return self.fight(choices[labels.index(label)][0], [counter])

    def place_menu(self, menu: QMenu, ident: str) -> None:
        module, state = self.window.game.module, self.window.game.state
        here = [pc for pc in module.board(state).pieces if pc.place == ident]
        attack = menu.addAction("Attack this place…", lambda: self.fight(ident))
        if not here:
            self.grey(attack, [f"nobody at {module.place_name(ident)} to attack"])
        menu.addAction("Influence contest…", lambda: self.influence_dialog(ident))
        menu.addAction("Hand over…", lambda: self.handover_dialog(ident))
        menu.addAction("Set up camp…", lambda: self.camp_dialog(ident))
        menu.addAction("Deliver aid here…", lambda: self.deliver_aid_dialog(ident))
        menu.addAction("Move aid from here…", lambda: self.move_aid_dialog(ident))
        menu.addAction("News…", self.news_dialog)

    def fight(self, place: str, attackers: list[str] | None = None) -> QDialog:
        """The fight dialog: both sides, values, stores, support, odds, the die; its OK submits the attack."""
        done = contributions.installed(self.window)
        assert done is not None, "War in Binni's contributions are not installed in this window"
        return done.open_dialog("binni.fight", place, attackers)

    def _team_ids(self, on_map: bool = True) -> list[str]:
        return [t.id for t in self.window.game.module.teams if t.on_map or not on_map]

    def _ask_team(self, title: str, allow_none: bool = False, on_map: bool = True) -> tuple[str | None, bool]:
        names = {t.id: t.name for t in self.window.game.module.teams}
        ids = self._team_ids(on_map)
        items = (["(neutral)"] if allow_none else []) + [names[i] for i in ids]
        name, ok = QInputDialog.getItem(self.window, title, "Team:", items, 0, False)
        if not ok:
            return None, False
        return (None if name == "(neutral)" else ids[items.index(name) - (1 if allow_none else 0)]), True

    def strike_dialog(self, counter: str) -> None:
        team, ok = self._ask_team("Strike: which team strikes?", on_map=False)
        if not ok:
            return
        weapon, ok = QInputDialog.getItem(self.window, "Strike", "Weapon:", ["bombing", "cruise_missile"], 0, False)
        if ok:
            die, ok = QInputDialog.getInt(self.window, "Strike", "Die (0: roll on screen):", 0, 0, 6)
            if ok:
                cmd: dict[str, Any] = {"kind": "strike", "team": team, "weapon": weapon, "target": counter}
                if die:
                    cmd["die"] = die
                self.submit(cmd)

    def influence_dialog(self, place: str) -> None:
        text, ok = QInputDialog.getText(self.window, "Influence contest",
                                        "Bids, one team a line as 'team: 3 2' (card scores):")
        if ok and text.strip():
            bids: dict[str, list[int]] = {}
            for part in text.replace(";", "\n").splitlines():
                if ":" in part:
                    team, cards = part.split(":", 1)
                    try:
                        bids[team.strip()] = [int(c) for c in cards.replace(",", " ").split()]
                    except ValueError:
                        self.window.statusBar().showMessage(f"card scores are whole numbers: {part.strip()!r}", 8000)
                        return
            self.submit({"kind": "influence", "place": place, "bids": bids})

    def give_counter_dialog(self, counter: str) -> None:
        owner = self.window.game.summary().get("counters", {}).get(counter, {}).get("team")
        team, ok = self._ask_team(f"Give {counter} to")
        if ok and owner:
            self.submit({"kind": "transfer", "from": owner, "to": team, "counters": [counter]})

    def deliver_aid_dialog(self, place: str) -> None:
        team, ok = self._ask_team("Deliver aid: whose blocks?", on_map=False)
        if not ok:
            return
        count, ok = QInputDialog.getInt(self.window, "Deliver aid", "Aid blocks:", 1, 1, 999)
        if ok:
            self.submit({"kind": "deliver_aid", "team": team, "place": place, "count": count})

    def move_aid_dialog(self, place: str) -> None:
        owner, ok = self._ask_team("Move aid: whose blocks?", on_map=False)
        if not ok:
            return
        by, ok = self._ask_team("Moved by (the owner, or the faction holding the place)", on_map=False)
        if not ok:
            return
        names = {p.id: p.name for p in self.window.game.module.map.places}
        ids = sorted(names, key=lambda i: names[i])
        name, ok = QInputDialog.getItem(self.window, "Move aid", "To:", [names[i] for i in ids], 0, False)
        if not ok:
            return
        count, ok = QInputDialog.getInt(self.window, "Move aid", "Aid blocks:", 1, 1, 999)
        if ok:
            self.submit({"kind": "move_aid", "by": by, "owner": owner, "place": place,
                       "to": ids[[names[i] for i in ids].index(name)], "count": count})

    def transfer_dialog(self) -> None:
        """A trade or gift between teams: money, warlike stores, aid, cruise missiles."""
        source, ok = self._ask_team("Transfer from", on_map=False)
        if not ok:
            return
        target, ok = self._ask_team("Transfer to", on_map=False)
        if not ok:
            return
        amounts: dict[str, int] = {}
        for key, label in (("money", "$M"), ("stores", "Warlike stores"), ("aid", "Aid blocks"),
                           ("cruise_missiles", "Cruise missiles")):
            n, ok = QInputDialog.getInt(self.window, "Transfer", f"{label}:", 0, 0, 9999)
            if not ok:
                return
            if n:
                amounts[key] = n
        if amounts:
            self.submit({"kind": "transfer", "from": source, "to": target} | amounts)

    def handover_dialog(self, place: str) -> None:
        team, ok = self._ask_team("Hand over to", allow_none=True)
        if ok:
            self.submit({"kind": "handover", "place": place, "to": team})

    def camp_dialog(self, place: str) -> None:
        team, ok = self._ask_team("Set up camp: which team?", on_map=False)
        if ok:
            self.submit({"kind": "camp", "team": team, "place": place})

    def news_dialog(self) -> None:
        text, ok = QInputDialog.getText(self.window, "News", "Headline:")
        if ok and text.strip():
            self.submit({"kind": "news", "text": text.strip()})
