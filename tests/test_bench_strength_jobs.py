"""bench_engine strength --jobs: the pairs shared between processes are the same games as
in one process (each pair's dice come from its own seed), so the figure is the same."""
from tools import ROOT  # noqa: F401  (puts the repository on the path)
from host_tools.benches import bench_engine as B


def test_two_processes_play_the_same_games_as_one():
    one = B.split_match("normal", "pubeval", B.WEIGHTS, False, 8, 4, 1)
    two = B.split_match("normal", "pubeval", B.WEIGHTS, False, 8, 4, 2)
    assert one == two and one[2] == 8
