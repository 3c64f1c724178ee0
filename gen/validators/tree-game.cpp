// tree-game's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/tree_game.rs, written as the
// harness writes it (one space between numbers, `\n` after each line, no
// leading zeros), and each case a tree: N - 1 edges that join N vertices.
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

static char buf[1 << 16];
static size_t len = 0, pos = 0;
static long line = 1;

static int peek() {
    if (pos == len) {
        len = fread(buf, 1, sizeof buf, stdin);
        pos = 0;
        if (len == 0) return -1;
    }
    return buf[pos];
}

[[noreturn]] static void invalid(const char *why) {
    fprintf(stderr, "line %ld: %s\n", line, why);
    exit(43);
}

static long read_int(const char *field, long lo, long hi) {
    long x = 0;
    int digits = 0, first = peek();
    while (peek() >= '0' && peek() <= '9') {
        x = x * 10 + (peek() - '0');
        pos++;
        if (++digits > 10) invalid(field);
    }
    if (digits == 0 || (first == '0' && digits > 1) || x < lo || x > hi) invalid(field);
    return x;
}

static void expect(char c) {
    if (peek() != c) invalid(c == ' ' ? "expected one space" : "expected the end of the line");
    pos++;
    if (c == '\n') line++;
}

static std::vector<int> root;

static int find(int v) {
    while (root[v] != v) v = root[v] = root[root[v]];
    return v;
}

int main() {
    long t = read_int("T must be an integer in 1..100", 1, 100);
    expect('\n');
    while (t-- > 0) {
        int n = (int)read_int("N must be an integer in 1..100000", 1, 100000);
        expect('\n');
        root.resize(n + 1);
        std::iota(root.begin(), root.end(), 0);
        for (int e = 0; e < n - 1; e++) {
            int i = (int)read_int("I must be an integer in 1..N", 1, n);
            expect(' ');
            int j = (int)read_int("J must be an integer in 1..N", 1, n);
            expect('\n');
            if (find(i) == find(j)) invalid("the edge closes a cycle: the case is not a tree");
            root[find(i)] = find(j);
        }
    }
    if (peek() != -1) invalid("expected the end of the input");
    return 42;
}
