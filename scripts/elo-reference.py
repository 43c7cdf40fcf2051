#!/usr/bin/env python3
"""Reference values for src/matches/stats.rs's test, computed independently of it.

The GSPRT's maximum-likelihood distributions are found here by scipy's SLSQP optimizer over the
five pair probabilities (maximise sum(p_hat * log p) subject to sum(p) = 1 and the hypothesis'
constraint), not by the theta equation ablate solves; Elo, its 95% interval and LOS come from
the textbook formulas with scipy's normal distribution. Needs numpy and scipy.

    python3 scripts/elo-reference.py
"""
import math
import numpy as np
from scipy.optimize import minimize
from scipy.stats import norm

A = np.array([0.0, 0.25, 0.5, 0.75, 1.0])


def elo(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def estimate(counts):
    n = sum(counts)
    p = np.array(counts) / n
    mu = float(A @ p)
    var = float(p @ (A - mu) ** 2)
    se = math.sqrt(var / n)
    z = norm.ppf(0.975)
    return {
        "score": mu,
        "elo": elo(mu),
        "elo_lo": elo(mu - z * se),
        "elo_hi": elo(mu + z * se),
        "los": norm.cdf((mu - 0.5) / se),
        "nelo": (mu - 0.5) / math.sqrt(2 * var) * 800 / math.log(10),
    }


def constrained_mle(p_hat, constraint):
    cons = [{"type": "eq", "fun": lambda q: q.sum() - 1.0}, {"type": "eq", "fun": constraint}]
    res = minimize(lambda q: -float(p_hat @ np.log(q)), np.full(5, 0.2), method="SLSQP",
                   constraints=cons, bounds=[(1e-12, 1.0)] * 5,
                   options={"ftol": 1e-15, "maxiter": 10000})
    assert res.success, res
    return res.x / res.x.sum()


def llr(counts, elo0, elo1, model):
    c = np.array([x if x > 0 else 1e-3 for x in counts], dtype=float)
    total = c.sum()
    p_hat = c / total

    def hyp(e):
        if model == "logistic":
            s = 1.0 / (1.0 + 10 ** (-e / 400.0))
            return lambda q: float(A @ q) - s
        t = math.sqrt(2.0) * e / (800.0 / math.log(10))
        def f(q):
            mu = float(A @ q)
            sigma = math.sqrt(float(q @ (A - mu) ** 2))
            return (mu - 0.5) / sigma - t
        return f

    p0 = constrained_mle(p_hat, hyp(elo0))
    p1 = constrained_mle(p_hat, hyp(elo1))
    return float(total * (p_hat @ (np.log(p1) - np.log(p0))))


counts = [12, 55, 130, 70, 20]
for k, v in estimate(counts).items():
    print(f"REF_{k.upper()} = {float(v)!r}")
print(f"REF_LLR_LOGISTIC = {llr(counts, 0, 5, 'logistic')!r}")
print(f"REF_LLR_NORMALIZED = {llr(counts, 0, 5, 'normalized')!r}")
print(f"REF_LLR_SPARSE = {llr([0, 3, 10, 4, 0], 0, 5, 'logistic')!r}")
