"""The chat flood rule's memory in a cluster: one per player in Redis, shared by every node.

A player's recent typed lines are a sorted set ``flood:<user>`` (score: Redis's own clock, one
clock for every node; member: a unique id, then the normalised text), expiring with the rule's
longest window. One Lua script trims the old lines, counts the recent ones and — under the
limit — adds the new line, all at once, so two nodes can never both let through the line over
the limit. The near-repeat test (``FloodRule.alike``, difflib) runs here on the lines the script
returns; a line refused as a repeat is taken out again, uncounted.

Redis unreachable (or failing) mid-way: the line goes through this node's own ``FloodRule``,
as on one server, which remembers every line this node let through, so the fallback starts
from what the node saw. A player chatting through two nodes is then counted on each again, until
Redis answers.
"""

from __future__ import annotations

import contextlib
import logging
import time
import uuid
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from engine.errors import RulesError
from net.civility import FloodRule, normalise
from net.cluster import PREFIX, raise_if_cancelled

log = logging.getLogger(__name__)

# KEYS[1]: the player's lines. ARGV: count, seconds, horizon (the longest window, s), member.
# -> {0, time of the count-th newest recent line, now} (refused) or {1, now, member, score, ...}
# (the lines before this one, then this one added). Times go out as strings: Redis turns a Lua
# number into an integer.
CHECK = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local count, seconds, horizon = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. string.format('%.6f', now - horizon))
local recent = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. string.format('%.6f', now - seconds),
                          '+inf', 'WITHSCORES')
if #recent / 2 >= count then
    return {0, recent[#recent - 2 * count + 2], string.format('%.6f', now)}
end
local said = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], math.ceil(horizon * 1000) + 1000)
local out = {1, string.format('%.6f', now)}
for i = 1, #said do out[#out + 1] = said[i] end
return out
"""


def flood_key(user: int) -> str:
    return f"{PREFIX}flood:{user}"


def _str(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class SharedFlood:
    """``FloodRule``'s check with its memory in Redis (``rule`` gives the limits and is the
    fallback)."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.script = redis.register_script(CHECK)

    async def check(self, rule: FloodRule, user: int, text: str) -> None:
        """Let the line through (counted on every node), or refuse it as ``rule.check`` does."""
        if not rule.count:  # the rule is off (the server's --chat-lines 0)
            return
        norm = normalise(text)
        try:
            await self._check(rule, user, norm)
        except (RedisError, OSError) as e:
            raise_if_cancelled()
            log.warning("flood rule: %r; this node's memory instead", e)
            rule.check(user, text, time.monotonic())
            return
        rule.remember(user, norm, time.monotonic())  # for a fallback later

    async def _check(self, rule: FloodRule, user: int, norm: str) -> None:
        key = flood_key(user)
        horizon = max(rule.seconds, rule.repeat_seconds)
        member = f"{uuid.uuid4().hex}|{norm}"
        got = await self.script(keys=[key], args=[rule.count, rule.seconds, horizon, member])
        if int(got[0]) == 0:
            oldest, now = float(_str(got[1])), float(_str(got[2]))
            wait = max(1, int(oldest + rule.seconds - now + 0.999))
            raise RulesError("chat-flood", count=rule.count, seconds=int(rule.seconds), wait=wait)
        now = float(_str(got[1]))
        said = got[2:]
        for i in range(0, len(said), 2):
            before = _str(said[i]).partition("|")[2]
            if now - float(_str(said[i + 1])) < rule.repeat_seconds and rule.alike(norm, before):
                with contextlib.suppress(RedisError, OSError):  # a refused line: uncounted
                    await self.redis.zrem(key, member)
                raise RulesError("chat-repeat")
