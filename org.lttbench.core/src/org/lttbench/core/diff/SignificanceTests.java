package org.lttbench.core.diff;

import org.lttbench.core.report.Distribution;

/**
 * The two tests a comparison of two runs makes, each giving a two-sided p-value: counts as Poisson rates (the
 * conditional binomial test: given both counts, how A's share departs from A's share of the time traced), and
 * distributions by a rank test (Mann-Whitney U on the rows' histograms, each bucket a tie, normal approximation with
 * the tie correction).
 */
final class SignificanceTests {
    /** Below this many events in all, the binomial test is exact; above, its normal approximation. */
    private static final long EXACT_UP_TO = 200;

    private SignificanceTests() {
    }

    /**
     * Whether {@code a} events in {@code secondsA} and {@code b} in {@code secondsB} are one rate: the p-value of the
     * two-sided conditional test (a ~ Binomial(a + b, secondsA / (secondsA + secondsB))).
     */
    static double poissonRates(long a, double secondsA, long b, double secondsB) {
        long n = a + b;
        if (n == 0 || secondsA <= 0 || secondsB <= 0) {
            return 1;
        }
        double p = secondsA / (secondsA + secondsB);
        if (n <= EXACT_UP_TO) {
            return exactBinomial(a, n, p);
        }
        double mean = n * p;
        double sd = Math.sqrt(n * p * (1 - p));
        double z = Math.max(0, Math.abs(a - mean) - 0.5) / sd;
        return Math.min(1, 2 * upperTail(z));
    }

    /**
     * Whether two sums of durations are one rate per second: {@code totalA} ns summed over {@code countA} durations in
     * {@code secondsA}, against B's. Each sum is taken as compound Poisson (a Poisson number of durations): its
     * variance is the count times the mean square duration, here that of exponential durations of the observed mean
     * (2 mean^2), unless {@code squareA} (the mean square, ns^2) is known. Two-sided p-value, normal approximation.
     */
    static double compoundRates(double totalA, long countA, Double squareA, double secondsA, double totalB, long countB,
            Double squareB, double secondsB) {
        if (secondsA <= 0 || secondsB <= 0 || countA + countB == 0) {
            return 1;
        }
        double varA = countA == 0 ? 0 : countA * (squareA != null ? squareA : 2 * Math.pow(totalA / countA, 2));
        double varB = countB == 0 ? 0 : countB * (squareB != null ? squareB : 2 * Math.pow(totalB / countB, 2));
        double variance = varA / (secondsA * secondsA) + varB / (secondsB * secondsB);
        double difference = Math.abs(totalB / secondsB - totalA / secondsA);
        if (difference == 0) {
            return 1;
        }
        if (variance <= 0) {
            return 0;
        }
        return Math.min(1, 2 * upperTail(difference / Math.sqrt(variance)));
    }

    /** Two-sided exact binomial test: the probability of outcomes no more likely than {@code k}. */
    private static double exactBinomial(long k, long n, double p) {
        // in logs: each term from the one before, so that no factorial overflows; walked twice (k's term, then the sum)
        // rather than kept, since a comparison makes tens of thousands of these tests
        double logQ = Math.log1p(-p);
        double logP = Math.log(p);
        double observed = 0;
        double log = n * logQ;
        for (int i = 0; i <= k; i++) {
            observed = Math.exp(log);
            log += Math.log((double) (n - i) / (i + 1)) + logP - logQ;
        }
        observed *= 1 + 1e-7;
        double sum = 0;
        log = n * logQ;
        for (int i = 0; i <= n; i++) {
            double x = Math.exp(log);
            if (x <= observed) {
                sum += x;
            }
            log += Math.log((double) (n - i) / (i + 1)) + logP - logQ;
        }
        return Math.min(1, sum);
    }

    /** Mann-Whitney U of two histograms whose buckets have the same bounds where they meet: two-sided p-value. */
    static double rankSum(Distribution a, Distribution b) {
        long na = a.count();
        long nb = b.count();
        if (na == 0 || nb == 0) {
            return 1;
        }
        double total = (double) na + nb;
        double rankSumA = 0;
        double ties = 0;
        double below = 0;
        int i = 0;
        int j = 0;
        while (i < a.lower().length || j < b.lower().length) {
            long la = i < a.lower().length ? a.lower()[i] : Long.MAX_VALUE;
            long lb = j < b.lower().length ? b.lower()[j] : Long.MAX_VALUE;
            long low = Math.min(la, lb);
            double ca = la == low ? a.counts()[i++] : 0;
            double cb = lb == low ? b.counts()[j++] : 0;
            double t = ca + cb;
            rankSumA += ca * (below + (t + 1) / 2);
            ties += t * t * t - t;
            below += t;
        }
        double u = rankSumA - na * (na + 1.0) / 2;
        double mean = na * (double) nb / 2;
        double variance = na * (double) nb / 12 * ((total + 1) - ties / (total * (total - 1)));
        if (variance <= 0) {
            return 1; // every value in one bucket
        }
        double z = Math.max(0, Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
        return Math.min(1, 2 * upperTail(z));
    }

    /**
     * Whether two histograms have one {@code q}-quantile (Mood's median test, made for any quantile): the share of
     * each run's values above the pooled quantile, compared as two proportions (normal approximation, pooled
     * variance). Two-sided p-value; the values of the bucket that holds the pooled quantile count as half above (ties).
     * {@code both} is {@code a.plus(b)}, made once for all of a subject's percentiles.
     */
    static double quantile(Distribution a, Distribution b, Distribution both, double q) {
        long na = a.count();
        long nb = b.count();
        if (na == 0 || nb == 0) {
            return 1;
        }
        Long pooled = both.quantile(q);
        double aboveA = above(a, pooled);
        double aboveB = above(b, pooled);
        double share = (aboveA + aboveB) / (na + nb);
        double variance = share * (1 - share) * (1.0 / na + 1.0 / nb);
        double difference = Math.abs(aboveA / na - aboveB / nb);
        if (difference == 0) {
            return 1;
        }
        return variance <= 0 ? 0 : Math.min(1, 2 * upperTail(difference / Math.sqrt(variance)));
    }

    /** How many values lie above {@code value}, those of its bucket counted as half. */
    private static double above(Distribution d, long value) {
        double n = 0;
        for (int i = 0; i < d.lower().length; i++) {
            if (d.lower()[i] > value) {
                n += d.counts()[i];
            } else if (d.lower()[i] + d.width()[i] > value) {
                n += d.counts()[i] / 2.0;
            }
        }
        return n;
    }

    /**
     * P(Z > z) of a standard normal, accurate in relative terms far into the tail (small p-values are compared with
     * small thresholds): a series below 3, a continued fraction above.
     */
    static double upperTail(double z) {
        if (z < 0) {
            return 1 - upperTail(-z);
        }
        double density = Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
        if (z < 3) {
            // Phi(z) - 1/2 = density * sum z^(2k+1) / (1 * 3 * ... * (2k+1))
            double term = z;
            double sum = z;
            for (int k = 1; k < 200 && term > 1e-17 * sum; k++) {
                term *= z * z / (2 * k + 1);
                sum += term;
            }
            return 0.5 - density * sum;
        }
        // Mills ratio, continued fraction 1 / (z + 1 / (z + 2 / (z + 3 / ...))), from the bottom
        double fraction = z;
        for (int k = 60; k >= 1; k--) {
            fraction = z + k / fraction;
        }
        return density / fraction;
    }
}
