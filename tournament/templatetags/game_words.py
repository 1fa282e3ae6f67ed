"""``{% game_words tournament as w %}``: the score words of the tournament's game."""

from django import template

from tournament.models import Tournament
from tournament.words import GameWords
from tournament.words import game_words as words_of

register = template.Library()


@register.simple_tag
def game_words(tournament: Tournament) -> GameWords:
    return words_of(tournament)
