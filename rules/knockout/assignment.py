"""Minimum-cost assignment (the Hungarian method) on a square integer cost matrix.

The gironi separation (:mod:`rules.knockout.separation`) seats a whole tier of equally
seeded qualifiers at once with it: qualifier k in slot ``result[k]``, at the least cost.
"""

from __future__ import annotations


def min_cost_assignment(cost: list[list[int]]) -> list[int]:
    """Minimum-cost assignment (Hungarian method): row k gets column result[k].

    >>> min_cost_assignment([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
    [1, 0, 2]
    """
    n = len(cost)
    inf = sum(max(row) for row in cost) + 1
    u, v = [0] * (n + 1), [0] * (n + 1)
    match, way = [0] * (n + 1), [0] * (n + 1)
    for row in range(1, n + 1):
        match[0], col0 = row, 0
        minv, used = [inf] * (n + 1), [False] * (n + 1)
        while True:
            used[col0] = True
            r0, delta, col1 = match[col0], inf, 0
            for col in range(1, n + 1):
                if not used[col]:
                    cur = cost[r0 - 1][col - 1] - u[r0] - v[col]
                    if cur < minv[col]:
                        minv[col], way[col] = cur, col0
                    if minv[col] < delta:
                        delta, col1 = minv[col], col
            for col in range(n + 1):
                if used[col]:
                    u[match[col]] += delta
                    v[col] -= delta
                else:
                    minv[col] -= delta
            col0 = col1
            if match[col0] == 0:
                break
        while col0:
            col1 = way[col0]
            match[col0] = col0 and match[col1]
            col0 = col1
    result = [0] * n
    for col in range(1, n + 1):
        result[match[col] - 1] = col - 1
    return result
