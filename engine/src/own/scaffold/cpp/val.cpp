// Validator, Kattis style: exit 42 when the input is valid, 43 (with the reason) when not.
// Reads the input byte by byte: one space between numbers, one newline after each line.
#include <cstdio>
#include <cstdlib>

static void bad(const char* why) {
    std::fprintf(stderr, "%s\n", why);
    std::exit(43);
}

// An integer in lo..hi without leading zeros or sign, then the byte `after`.
static long long number(long long lo, long long hi, int after, const char* what) {
    long long v = 0;
    int digits = 0, c, first = std::getchar();
    for (c = first; c >= '0' && c <= '9'; c = std::getchar()) {
        if (++digits > 10 || (digits == 2 && first == '0')) bad(what);
        v = v * 10 + (c - '0');
    }
    if (digits == 0 || c != after || v < lo || v > hi) bad(what);
    return v;
}

int main() {
    long long t = number(1, 100, '\n', "line 1: T must be an integer in 1..100");
    for (long long c = 0; c < t; c++) {
        number(1, 1000000000, ' ', "expected `n k`, two integers in 1..10^9 separated by one space");
        number(1, 1000000000, '\n', "expected `n k`, two integers in 1..10^9 separated by one space");
    }
    if (std::getchar() != EOF) bad("more lines than T cases");
    return 42;
}
