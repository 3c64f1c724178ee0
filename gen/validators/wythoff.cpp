// wythoff's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/wythoff.rs, one line `a b`
// with 0 <= a, b <= 10^9, written as the harness writes it (one space, `\n`
// at the end, no leading zeros).
#include <cstdio>
#include <cstdlib>

[[noreturn]] static void invalid(const char *why) {
    fprintf(stderr, "%s\n", why);
    exit(43);
}

static long read_int(const char *field) {
    long x = 0;
    int digits = 0, first = getchar(), c = first;
    while (c >= '0' && c <= '9') {
        x = x * 10 + (c - '0');
        if (++digits > 10) invalid(field);
        c = getchar();
    }
    if (digits == 0 || (first == '0' && digits > 1) || x > 1000000000) invalid(field);
    ungetc(c, stdin);
    return x;
}

int main() {
    read_int("a must be an integer in 0..10^9");
    if (getchar() != ' ') invalid("expected one space after a");
    read_int("b must be an integer in 0..10^9");
    if (getchar() != '\n') invalid("expected the end of the line after b");
    if (getchar() != EOF) invalid("expected the end of the input");
    return 42;
}
