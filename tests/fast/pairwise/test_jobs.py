"""A matrix job reads each distinct text once and points rows and columns at it."""

from mtcompute.fast.pairwise.jobs import matrix_job, usable_cores


def test_equal_texts_share_one_index_across_rows_and_columns() -> None:
    job = matrix_job(["a", "b", "a"], ["b", "c", "a"], str)
    assert job.texts == ["a", "b", "c"]
    assert job.rows.tolist() == [0, 1, 0]
    assert job.columns.tolist() == [1, 2, 0]
    assert job.out.shape == (3, 3)


def test_token_lists_are_distinct_by_their_tokens() -> None:
    job = matrix_job([["a", "b"], ["a", "b"]], [["a"], ["a", "b"]], tuple)
    assert job.texts == [["a", "b"], ["a"]]
    assert job.columns.tolist() == [1, 0]


def test_there_is_at_least_one_usable_core() -> None:
    assert usable_cores() >= 1
