// The strict reader every input validator here shares, as testlib.h is shared: input read as
// the harness writes it (one space between numbers, `\n` after each line, no sign, no leading
// zeros), and the first deviation reported with its line on stderr, exit 43 (Kattis: invalid).
// A package carries it beside each validator that includes it.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <vector>

inline char buf[1 << 16];
inline size_t len = 0, pos = 0;
inline long line = 1;

inline int peek() {
    if (pos == len) {
        len = fread(buf, 1, sizeof buf, stdin);
        pos = 0;
        if (len == 0) return -1;
    }
    return buf[pos];
}

// A Polygon package's validator wraps the strict one in testlib (STRICT_INPUT_TESTLIB, testlib.h
// included first): there an invalid input is testlib's own verdict, FAIL with the reason.
[[noreturn]] inline void invalid(const char *why) {
#ifdef STRICT_INPUT_TESTLIB
    quitf(_fail, "line %ld: %s", line, why);
#else
    fprintf(stderr, "line %ld: %s\n", line, why);
    exit(43);
#endif
}

// A decimal integer in lo..hi (0 <= lo) without sign or leading zeros.
inline long long read_int(const char *field, long long lo, long long hi) {
    unsigned long long x = 0;
    int digits = 0, first = peek();
    while (peek() >= '0' && peek() <= '9') {
        x = x * 10 + (peek() - '0');
        pos++;
        if (++digits > 19) invalid(field);
    }
    if (digits == 0 || (first == '0' && digits > 1) || x < (unsigned long long)lo || x > (unsigned long long)hi) invalid(field);
    return (long long)x;
}

inline void expect(char c) {
    if (peek() != c) invalid(c == ' ' ? "expected one space" : "expected the end of the line");
    pos++;
    if (c == '\n') line++;
}

// `count` integers in lo..hi on one line, one space apart.
inline void read_line(long long count, const char *field, long long lo, long long hi, std::vector<long long> *out) {
    if (out) out->clear();
    for (long long i = 0; i < count; i++) {
        if (i > 0) expect(' ');
        long long x = read_int(field, lo, hi);
        if (out) out->push_back(x);
    }
    expect('\n');
}

inline void end_of_input() {
    if (peek() != -1) invalid("expected the end of the input");
}

// Union-find over the vertices 1..n: which part of a graph each is in.
struct Components {
    std::vector<int> up;
    explicit Components(int n) : up(n + 1) {
        for (int v = 0; v <= n; v++) up[v] = v;
    }
    int find(int v) {
        while (up[v] != v) v = up[v] = up[up[v]];
        return v;
    }
    // Joins the parts of u and v; false when they were one already.
    bool join(int u, int v) {
        u = find(u), v = find(v);
        if (u == v) return false;
        up[u] = v;
        return true;
    }
};

// n - 1 lines `u v` (1 <= u, v <= n) that join the n vertices into a tree.
inline void read_tree(int n) {
    Components parts(n);
    for (int e = 0; e < n - 1; e++) {
        int u = (int)read_int("u must be an integer in 1..n", 1, n);
        expect(' ');
        int v = (int)read_int("v must be an integer in 1..n", 1, n);
        expect('\n');
        if (!parts.join(u, v)) invalid("the edge closes a cycle: the edges do not form a tree");
    }
}
