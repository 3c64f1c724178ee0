// wythoff's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/wythoff.rs, one line `a b`
// with 0 <= a, b <= 10^9, written as the harness writes it (one space, `\n`
// at the end, no leading zeros).
#include "strict_input.h"

int main() {
    read_int("a must be an integer in 0..10^9", 0, 1000000000);
    expect(' ');
    read_int("b must be an integer in 0..10^9", 0, 1000000000);
    expect('\n');
    end_of_input();
    return 42;
}
