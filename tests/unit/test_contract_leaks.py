"""The contract's leak finder: it finds every kind of leak a secret can have, and nothing else."""

from __future__ import annotations

import pytest

from domain.secrecy import find_leaks


def test_a_string_secret_is_found_as_a_value_at_any_depth():
    shown = {"table": {"seats": [{"hand": ["C7", "C3"]}]}}
    assert find_leaks(shown, ["C3"]) == ["C3"]


def test_a_string_secret_is_found_as_a_key():
    assert find_leaks({"hands": {"C3": 1}}, ["C3"]) == ["C3"]


def test_a_string_inside_a_longer_string_or_a_number_that_reads_the_same_is_no_leak():
    assert find_leaks({"note": "C33 and xC3", "n": 3, "names": ["C", "33"], "3.0": 3.0}, ["C3", "3"]) == []
    assert find_leaks({"quoted": "'C3'", "said": '"C3"'}, ["C3"]) == []


def test_an_order_is_found_as_consecutive_items_of_a_list_anywhere():
    shown = {"deck": {"size": 5, "order": [9, 4, 7, 1, 2]}}
    assert find_leaks(shown, [(4, 7, 1)]) == [(4, 7, 1)]
    assert find_leaks([["a"], ["walk", "dig", "trot"]], [("dig", "trot")]) == [("dig", "trot")]


def test_an_order_found_at_the_end_of_a_list_or_after_a_false_start_is_a_leak():
    assert find_leaks([4, 4, 7, 4, 7, 1], [(4, 7, 1)]) == [(4, 7, 1)]


def test_the_same_values_apart_reversed_cut_short_or_split_across_lists_are_no_leak():
    secrets = [(4, 7, 1)]
    assert find_leaks([4, 0, 7, 1], secrets) == []
    assert find_leaks([1, 7, 4], secrets) == []
    assert find_leaks([9, 4, 7], secrets) == []
    assert find_leaks({"a": [4, 7], "b": [1]}, secrets) == []
    assert find_leaks(sorted([4, 7, 1]), secrets) == []


def test_an_order_written_out_in_a_string_is_no_leak_nor_its_values_in_another_order_beside_it():
    assert find_leaks({"note": "4, 7, 1", "seen": [1, 7, 4], "also": [4, 1, 7]}, [(4, 7, 1)]) == []


def test_an_order_is_not_found_in_the_keys_or_values_of_an_object():
    assert find_leaks({"4": 7, "7": 1}, [("4", "7")]) == []


def test_each_leak_is_named_once_in_the_order_met():
    shown = {"a": ["x", "y", "S"], "b": ["S", "x", "y"]}
    assert find_leaks(shown, ["S", ("x", "y"), "unseen"]) == [("x", "y"), "S"]


def test_lists_holding_objects_are_searched_without_error():
    assert find_leaks([{"card": "C3"}, [1, 2], "C3"], [("C3", 1), "C3"]) == ["C3"]


@pytest.mark.parametrize("bad", [("one",), (), 7, None, ["a", "b"], ("a", ["b"])])
def test_a_secret_that_is_neither_a_string_nor_an_order_of_two_or_more_is_refused(bad):
    with pytest.raises(ValueError):
        find_leaks({}, [bad])


def test_a_payload_json_cannot_print_is_still_searched_item_by_item():
    assert find_leaks({7: ["C3"], "order": (4, 7, 1)}, ["C3", (7, 1)]) == ["C3", (7, 1)]
    assert find_leaks({"deck": [2**70, 5]}, [(2**70, 5)]) == [(2**70, 5)]
