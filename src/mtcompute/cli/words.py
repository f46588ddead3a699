"""An option that takes every word after it up to the next option, as argparse's
``nargs="*"`` does and sacreBLEU's ``-i A B C`` and ``-m bleu chrf`` need: click takes one
value per occurrence, so this option's parser action takes the first word as click would, then
moves the following words that are not options (``-`` is standard input, a word, not an
option; ``--`` ends them) to its values too. Repeating the option adds to the same list.

``ShortOptionsFirst`` parses sacreBLEU's short options (``-i``, ``-b``) straight away: click
tries each as a long option first, and its failure imports difflib to suggest a name, which
costs a short run more than its scoring."""

from typing import Any

import click
from click.parser import _normalize_opt, _OptionParser, _ParsingState


def _is_word(argument: str) -> bool:
    return argument == "-" or not argument.startswith("-")


class Words(click.Option):
    """``-i A B C`` and ``-i A -i B -i C`` both give ``("A", "B", "C")``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["multiple"] = True
        super().__init__(*args, **kwargs)

    def add_to_parser(self, parser: _OptionParser, ctx: click.Context) -> None:
        super().add_to_parser(parser, ctx)
        for flag in self.opts:
            action = parser._long_opt.get(flag) or parser._short_opt.get(flag)
            if action is None:
                continue
            take_one = action.process

            def take_all(value: Any, state: _ParsingState, take_one: Any = take_one) -> None:
                take_one(value, state)
                while state.rargs and _is_word(state.rargs[0]):
                    take_one(state.rargs.pop(0), state)

            action.process = take_all  # type: ignore[method-assign]


class _ShortOptionsFirstParser(_OptionParser):
    def _process_opts(self, arg: str, state: _ParsingState) -> None:
        # What click does for an argument no long option is called, without the failure.
        if (
            "=" not in arg
            and arg[:2] not in self._opt_prefixes
            and _normalize_opt(arg, self.ctx) not in self._long_opt
        ):
            self._match_short_opt(arg, state)
            return
        super()._process_opts(arg, state)


class ShortOptionsFirst(click.Command):
    """A command whose short options are parsed without first trying them as long ones."""

    def make_parser(self, ctx: click.Context) -> _OptionParser:
        parser = _ShortOptionsFirstParser(ctx)
        for param in self.get_params(ctx):
            param.add_to_parser(parser, ctx)
        return parser
