"""Checks canvas-lua's JSON on stdin against the output contract.

usage: canvas-lua script.lua | python3 check_json.py [EXPECTED_ITEM_COUNT]
With a count, ids must also be 1..N in data order.
"""
import json
import math
import sys

document = json.load(sys.stdin)
expected = int(sys.argv[1]) if len(sys.argv) > 1 else None

def numbers(obj, keys, where):
    assert set(obj) == set(keys), f"{where}: keys {sorted(obj)} != {sorted(keys)}"
    for key in keys:
        value = obj[key]
        assert isinstance(value, (int, float)) and not isinstance(value, bool), f"{where}.{key} is not a number"
        assert math.isfinite(value), f"{where}.{key} is not finite"

assert list(document)[:3] == ["content_size", "content_bounds", "items"], list(document)
numbers(document["content_size"], ["width", "height"], "content_size")
numbers(document["content_bounds"], ["x", "y", "width", "height"], "content_bounds")
items = document["items"]
assert expected is None or len(items) == expected, f"{len(items)} items, expected {expected}"
size = document["content_size"]
for index, item in enumerate(items):
    assert set(item) == {"id", "x", "y", "width", "height"}, f"items[{index}] keys {sorted(item)}"
    assert isinstance(item["id"], (int, str)), f"items[{index}].id is neither an integer nor a string"
    assert expected is None or item["id"] == index + 1, f"items[{index}] id {item['id']}: not in data order"
    numbers({k: v for k, v in item.items() if k != "id"}, ["x", "y", "width", "height"], f"items[{index}]")
    assert 0 <= item["x"] and item["x"] + item["width"] <= size["width"] + 1e-9, f"items[{index}] outside the content"
    assert 0 <= item["y"] and item["y"] + item["height"] <= size["height"] + 1e-9, f"items[{index}] outside the content"
