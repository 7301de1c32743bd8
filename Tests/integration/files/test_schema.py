"""`get_schema` and the `overridden` field of get_params / params events."""


def test_get_schema_lists_every_key_with_type_range_and_defaults(daemon):
    client = daemon.client()
    keys = {k["key"]: k for k in client.ok("get_schema")["keys"]}
    params = client.ok("get_params")["params"]
    # Every key the daemon reports is described (carousel keys are optional: absent from params).
    for table, values in params.items():
        for key, value in values.items():
            # `[reduced]`'s override tables are described key by key (`reduced.animation.duration`).
            if table == "reduced" and isinstance(value, dict):
                for inner in value:
                    assert f"{table}.{key}.{inner}" in keys, f"{table}.{key}.{inner}"
                continue
            assert f"{table}.{key}" in keys, f"{table}.{key}"
    spacing = keys["layout.spacing"]
    assert spacing["type"] == "number"
    assert (spacing["min"], spacing["max"], spacing["min_inclusive"], spacing["max_inclusive"]) == (0, 100000, False, True)
    fps = keys["animation.fps"]
    assert fps["type"] == "integer" and (fps["min"], fps["max"]) == (1, 240)
    assert keys["layout.wrap"]["type"] == "boolean"
    style = keys["layout.style"]
    assert style["type"] == "string" and "stack" in style["choices"] and "coverflow" in style["choices"]
    assert style["default"] == "stack"
    # Defaults that depend on the style say so, for every style.
    wrap = keys["layout.wrap"]["by_style"]
    assert wrap["stack"] is True and wrap["coverflow"] is False
    assert set(wrap) == set(style["choices"])
    # ...and only those: a key whose default is the same for every style has no by_style.
    assert keys["layout.spacing"]["default"] == 30 and "by_style" not in keys["layout.spacing"]
    with_style = [k for k in keys.values() if "by_style" in k]
    assert "layout.wrap" in [k["key"] for k in with_style]
    for k in with_style:
        assert set(k["by_style"]) == set(style["choices"]), k["key"]
        assert any(v != k["default"] for v in k["by_style"].values()), k
    anchor = keys["card.anchor"]
    assert anchor["type"] == "array" and (anchor["min"], anchor["max"]) == (0, 1)
    # The styles that read a key, when not every style does (the page folds it for the others).
    assert keys["layout.flip_range"]["styles"] == ["stack", "flip"]
    assert "styles" not in keys["layout.spacing"] and "styles" not in keys["card.corner_radius"]
    assert all(k["styles"] == keys["carousel.arc"]["styles"] for name, k in keys.items() if name.startswith("carousel."))
    assert "coverflow" in keys["carousel.arc"]["styles"] and "stack" not in keys["carousel.arc"]["styles"]
    for k in keys.values():
        assert set(k.get("styles", style["choices"])) <= set(style["choices"]), k


def test_overrides_list_the_keys_set_params_set_until_the_file_changes(daemon):
    client = daemon.client()
    assert client.ok("get_params")["overridden"] == []
    client.ok("subscribe", events=["params"])
    result = client.ok("set_params", params={"layout": {"m34": -0.001}, "card": {"width": 200}})
    assert result["overridden"] == ["layout.m34", "card.width"]
    event = client.event("params")
    assert event["overridden"] == ["layout.m34", "card.width"]
    assert client.ok("set_params", params={"layout": {"spacing": 41}})["overridden"] == ["layout.m34", "layout.spacing", "card.width"]
    daemon.config.write_text(daemon.config.read_text().replace("spacing = 30.0", "spacing = 32.0"))
    event = client.event("params", timeout=10, where=lambda e: e["source"] == "file")
    assert event["overridden"] == []
