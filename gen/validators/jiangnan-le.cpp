// jiangnan-le's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/jiangnan_le.rs, `T F`
// (1 <= T <= 99, 1 <= F <= 99 999), then T lines `N a_1 .. a_N` (1 <= N <= 99,
// 1 <= a_i <= 99 999), written as the harness writes it (one space between
// numbers, `\n` after each line, no leading zeros).
#include <cstdio>
#include <cstdlib>

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

// A decimal integer in lo..hi (0 <= lo) without sign or leading zeros.
static long long read_int(const char *field, long long lo, long long hi) {
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

static void expect(char c) {
    if (peek() != c) invalid(c == ' ' ? "expected one space" : "expected the end of the line");
    pos++;
    if (c == '\n') line++;
}

static void end_of_input() {
    if (peek() != -1) invalid("expected the end of the input");
}

int main() {
    long long t = read_int("T must be an integer in 1..99", 1, 99);
    expect(' ');
    read_int("F must be an integer in 1..99999", 1, 99999);
    expect('\n');
    for (long long k = 0; k < t; k++) {
        long long n = read_int("N must be an integer in 1..99", 1, 99);
        for (long long i = 0; i < n; i++) {
            expect(' ');
            read_int("a pile must be an integer in 1..99999", 1, 99999);
        }
        expect('\n');
    }
    end_of_input();
    return 42;
}
