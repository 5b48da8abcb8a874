"""kasane-sim --help-config=json, which the driver checks config keys with, is the same schema as
the human-readable --help-config: the same keys in the same order, typed defaults, ranges and
choices; a value outside them is refused by the driver's check as by kasane-sim itself."""
import json
import re
import subprocess

from analysis.build import parse_config_schema


def help_config(build, *args):
    return subprocess.run([str(build.sim), *args], capture_output=True, text=True, check=True,
                          timeout=60).stdout


def test_json_schema_lists_the_keys_of_the_text_help_with_typed_values(build):
    doc = json.loads(help_config(build, "--help-config=json"))
    assert doc["schema_version"] == 1
    text = help_config(build, "--help-config")
    text_keys = re.findall(r"^  ([a-z0-9_.]+) = ", text, re.MULTILINE)
    assert [k["name"] for k in doc["keys"]] == text_keys and len(text_keys) > 50
    keys = {k["name"]: k for k in doc["keys"]}
    assert keys["core.contexts"] == {
        "name": "core.contexts", "type": "int", "default": 4, "unit": "contexts", "min": 1,
        "max": 16, "description": "hardware contexts (architecture threads) per core; with "
        "platform.cores, at most 16 in the machine"}
    assert keys["core.prid"]["default"] == 0x19300  # written in hex in the schema
    assert keys["sim.model"]["choices"] == ["pipeline", "iss", "o3"]
    assert keys["core.smp_start"]["default"] is False and "min" not in keys["core.smp_start"]
    assert keys["core.clock_ghz"]["default"] == 1.0 and keys["core.clock_ghz"]["unit"] == "GHz"
    assert keys["sim.check"]["unit"] is None


def test_driver_checks_agree_with_the_simulator(build, tmp_path):
    keys = parse_config_schema(help_config(build, "--help-config=json"))
    for key, value, ok in (("core.contexts", 16, True), ("core.contexts", 17, False),
                           ("core.contexts", 2.0, False), ("sim.model", "iss", True),
                           ("sim.model", "fast", False), ("core.clock_ghz", 2, True),
                           ("core.smp_start", 1, False)):
        assert (keys[key].check(value) is None) == ok, (key, value)
        text = str(value).lower() if isinstance(value, bool) else str(value)
        sim = subprocess.run([str(build.sim), "--set", f"{key}={text}", "--platform-header",
                              str(tmp_path / "h.h")], capture_output=True, text=True, timeout=60)
        if isinstance(value, float) and key == "core.contexts":
            continue  # "2.0" on the command line: kasane-sim's own parser decides
        assert (sim.returncode == 0) == ok, (key, value, sim.stderr)


def test_unknown_help_config_format_is_a_usage_error(build):
    r = subprocess.run([str(build.sim), "--help-config=xml"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 64 and "text or json" in r.stderr
