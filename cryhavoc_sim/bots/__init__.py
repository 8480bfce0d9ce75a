"""Bots: the Bot protocol and the players behind every seat."""

from cryhavoc_sim.bots.base import Bot
from cryhavoc_sim.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
