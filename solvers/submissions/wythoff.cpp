// wythoff as a judge builds it: one file, no library but the standard one.
// The losing positions are (floor(k*phi), floor(k*phi) + k). With a <= b and
// k = b - a, floor(k*phi) = (k + floor(k*sqrt(5))) / 2, and floor(k*sqrt(5)) is
// the integer square root of 5k^2 (never a square for k > 0): exact in 64 bits
// for piles up to 10^9, where a double would round.
#include <cmath>
#include <cstdio>

static unsigned long long isqrt(unsigned long long x) {
    unsigned long long r = (unsigned long long)std::sqrt((long double)x);
    while (r * r > x) r--;
    while ((r + 1) * (r + 1) <= x) r++;
    return r;
}

int main() {
    unsigned long long a, b;
    if (scanf("%llu %llu", &a, &b) != 2) return 1;
    if (a > b) {
        unsigned long long s = a;
        a = b;
        b = s;
    }
    unsigned long long k = b - a;
    bool losing = a == (k + isqrt(5 * k * k)) / 2;
    puts(losing ? "0" : "1");
    return 0;
}
