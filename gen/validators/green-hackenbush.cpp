// green-hackenbush's input validator as a Kattis judge runs it (exit 42 valid, 43
// not, the reason on stderr): the format of gen/src/judge/green_hackenbush.rs,
// `n m` (1 <= n <= 500 000, 0 <= m <= 1 500 000), then m edges `u v`
// (1 <= u, v <= n; loops and parallel edges allowed), written as the harness
// writes it (one space between numbers, `\n` after each line, no leading
// zeros); and the judge's guarantee: the graph is connected.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    int n = (int)read_int("n must be an integer in 1..500000", 1, 500000);
    expect(' ');
    int m = (int)read_int("m must be an integer in 0..1500000", 0, 1500000);
    expect('\n');
    Components components(n);
    int parts = n;
    for (int e = 0; e < m; e++) {
        int u = (int)read_int("u must be an integer in 1..n", 1, n);
        expect(' ');
        int v = (int)read_int("v must be an integer in 1..n", 1, n);
        expect('\n');
        if (components.join(u, v)) parts--;
    }
    if (parts != 1) invalid("the graph is not connected");
    end_of_input();
    return 42;
}
