"""The default parameter file names every key of the look (issue 45: a newcomer reading
Config/cardstack.toml found none of them): each `[card]` key of the schema is there,
commented out, and the file with all of them uncommented passes `cardstack check`."""
import json
import re
import subprocess

from harness import BIN, REPO

DEFAULT = REPO / "Config" / "cardstack.toml"
SCHEMA = REPO / "Config" / "cardstack.schema.json"


def card_section(text):
    return text.split("\n[card]\n", 1)[1].split("\n[", 1)[0]


def test_the_default_file_names_every_look_key_commented_out_and_each_reads_uncommented(tmp_path):
    card = card_section(DEFAULT.read_text())
    keys = json.loads(SCHEMA.read_text())["properties"]["card"]["properties"]
    for key in keys:
        assert re.search(rf"^(# )?{key} = ", card, re.M), f"card.{key} is not in Config/cardstack.toml"
    look = [k for k in keys if k not in ("width", "height", "anchor", "titles")]
    assert look and all(re.search(rf"^# {k} = ", card, re.M) for k in look), look
    # Uncommented, the look's lines are a good file (border_ratio wins over border_width: a warning).
    text = DEFAULT.read_text()
    for key in look:
        text = re.sub(rf"^# ({key} = )", r"\1", text, count=1, flags=re.M)
    uncommented = tmp_path / "cardstack.toml"
    uncommented.write_text(text)
    result = subprocess.run([str(BIN / "cardstack"), "check", str(uncommented)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    # titles = [""] is named beside titles as the way to hide a card's label.
    assert 'titles = [""] shows no label' in card
