// Times the octal values of one source (a `struct Octal`, as gen/interactors/octal-game-interactive.cpp
// has): `time CODE N` values heaps up to N and prints g(N) and the CPU seconds it took. Built by
// bench/octal_interactor.sh with -DSOURCE="<path>".
#define main source_main
#include SOURCE
#undef main
#include <cstdio>
#include <cstdlib>
#include <ctime>

int main(int argc, char *argv[]) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s CODE N\n", argv[0]);
        return 2;
    }
    Octal o;
    o.digit.push_back(0);
    for (const char *c = argv[1] + 2; *c; c++) o.digit.push_back(*c - '0');
    long long n = atoll(argv[2]);
    std::clock_t start = std::clock();
    o.compute_values(n);
    double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
    printf("%d %.3f\n", o.value(n), seconds);
}
