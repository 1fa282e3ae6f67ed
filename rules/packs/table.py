"""A TOML table being read: typed getters that name the key, and a leftover check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, cast

from rules.errors import RulePackError


class Table:
    """A TOML table being read: typed getters that name the key, and a leftover check.

    Every getter marks its key as seen; :meth:`done` then refuses any key left
    unread, so a typo in a pack file is an error, never a silent default.
    """

    def __init__(self, data: Mapping[str, object], where: str, origin: str) -> None:
        if not isinstance(data, Mapping):
            raise RulePackError(f"{origin}: [{where}] must be a table, got {data!r}")
        self.data, self.where, self.origin = data, where, origin
        self.seen: set[str] = set()

    def keys(self) -> list[str]:
        return list(self.data)

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def _get(self, key: str) -> object:
        if key not in self.data:
            raise RulePackError(f"{self.origin}: missing key {key!r} in [{self.where}]")
        self.seen.add(key)
        return self.data[key]

    def _bad(self, key: str, wanted: str, value: object) -> RulePackError:
        return RulePackError(
            f"{self.origin}: [{self.where}] {key} must be {wanted}, got {value!r}"
        )

    def int_(
        self,
        key: str,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
        step: int = 1,
    ) -> int:
        value = self._get(key)
        if type(value) is not int:
            raise self._bad(key, "an integer", value)
        if minimum is not None and value < minimum:
            raise self._bad(key, f"at least {minimum}", value)
        if maximum is not None and value > maximum:
            raise self._bad(key, f"at most {maximum}", value)
        if value % step:
            raise self._bad(key, f"a multiple of {step}", value)
        return value

    def str_(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str) or not value.strip():
            raise self._bad(key, "a non-empty string", value)
        return value

    def bool_(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise self._bad(key, "true or false", value)
        return value

    def choice(self, key: str, options: tuple[str, ...]) -> str:
        value = self._get(key)
        if not isinstance(value, str) or value not in options:
            raise self._bad(key, "one of " + ", ".join(map(repr, options)), value)
        return value

    def mp_rule(self, key: str) -> Literal["band_min"] | int:
        value = self._get(key)
        if value == "band_min":
            return "band_min"
        if type(value) is int and value % 5 == 0:
            return value
        raise self._bad(key, "'band_min' or an MP amount (multiple of 5)", value)

    def list_(self, key: str) -> list[object]:
        value = self._get(key)
        if not isinstance(value, list):
            raise self._bad(key, "an array", value)
        return cast(list[object], value)

    def table(self, key: str) -> Table:
        value = self._get(key)
        if not isinstance(value, Mapping):
            raise self._bad(key, "a table", value)
        where = key if self.where == "top level" else f"{self.where}.{key}"
        return Table(cast(Mapping[str, object], value), where, self.origin)

    def done(self) -> None:
        extra = sorted(set(self.data) - self.seen)
        if extra:
            raise RulePackError(
                f"{self.origin}: unknown key(s) {', '.join(map(repr, extra))}"
                f" in [{self.where}]"
            )
