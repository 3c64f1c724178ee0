// bunny-egg's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/bunny_egg.rs, `n m`
// (1..40 each), n rows of m characters from `O`, `X`, `.` with exactly one `.`
// on the board, `k` (1..1000), then 2k moves `x y` (1 <= x <= n, 1 <= y <= m),
// written as the harness writes it (one space between numbers, `\n` after each
// line, no leading zeros); and the judge's guarantee: every move is legal (the
// cell is next to the empty cell and holds the mover's piece: white `O` first,
// then black `X`), and after the last one the first player has no move.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    int n = (int)read_int("n must be an integer in 1..40", 1, 40);
    expect(' ');
    int m = (int)read_int("m must be an integer in 1..40", 1, 40);
    expect('\n');
    std::vector<char> board(n * m);
    int empty = -1;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < m; c++) {
            int ch = peek();
            if (ch != 'O' && ch != 'X' && ch != '.') invalid("a cell must be `O`, `X` or `.`");
            pos++;
            if (ch == '.') {
                if (empty >= 0) invalid("a second empty cell: the board has exactly one");
                empty = r * m + c;
            }
            board[r * m + c] = (char)ch;
        }
        expect('\n');
    }
    if (empty < 0) invalid("no empty cell `.` on the board");
    int k = (int)read_int("k must be an integer in 1..1000", 1, 1000);
    expect('\n');
    for (int i = 0; i < 2 * k; i++) {
        int x = (int)read_int("x must be an integer in 1..n", 1, n);
        expect(' ');
        int y = (int)read_int("y must be an integer in 1..m", 1, m);
        int from = (x - 1) * m + y - 1;
        int dr = from / m - empty / m, dc = from % m - empty % m;
        if (dr * dr + dc * dc != 1) invalid("the move's cell is not next to the empty cell");
        if (board[from] != (i % 2 == 0 ? 'O' : 'X')) invalid("the move's cell does not hold the mover's piece");
        board[empty] = board[from], board[from] = '.', empty = from;
        expect('\n');
    }
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; d++) {
        int r = empty / m + dr[d], c = empty % m + dc[d];
        if (r >= 0 && r < n && c >= 0 && c < m && board[r * m + c] == 'O') {
            invalid("after the last move the first player can still move: the record is not a lost game");
        }
    }
    end_of_input();
    return 42;
}
