// choosing-carrot's input validator as a Kattis judge runs it (exit 42 valid, 43
// not, the reason on stderr): the format of gen/src/judge/choosing_carrot.rs,
// `n` (1..300 000) on a line and the n values (1..10^9) on the next, written as
// the harness writes it (one space between numbers, `\n` after each line, no
// leading zeros).
#include <cstdio>
#include <cstdlib>
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

// `count` integers in lo..hi on one line, one space apart.
static void read_line(long long count, const char *field, long long lo, long long hi, std::vector<long long> *out) {
    if (out) out->clear();
    for (long long i = 0; i < count; i++) {
        if (i > 0) expect(' ');
        long long x = read_int(field, lo, hi);
        if (out) out->push_back(x);
    }
    expect('\n');
}

static void end_of_input() {
    if (peek() != -1) invalid("expected the end of the input");
}

int main() {
    long long n = read_int("n must be an integer in 1..300000", 1, 300000);
    expect('\n');
    read_line(n, "a carrot must be an integer in 1..10^9", 1, 1000000000, nullptr);
    end_of_input();
    return 42;
}
