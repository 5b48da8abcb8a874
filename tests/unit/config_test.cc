// Unit tests of the machine config: the schema table, TOML loading, --set, the cross-key checks and
// the outputs (JSON dump, --help-config text, platform header). Error tests check that the message
// names where the problem is and what is allowed. Inputs are in tests/data/config/.
#include "config.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

namespace kasane {
namespace {

// gmock is not installed, so substring checks use gtest's own IsSubstring predicate.
#define EXPECT_HAS(haystack, needle) EXPECT_PRED_FORMAT2(::testing::IsSubstring, needle, haystack)

std::string data(const std::string& name) {
#ifdef KASANE_TEST_DATA
  return std::string(KASANE_TEST_DATA) + "/config/" + name;
#else
  // tests/unit/config_test.cc -> tests/data/config/<name>
  std::string here = __FILE__;
  return here.substr(0, here.rfind("/unit/")) + "/data/config/" + name;
#endif
}

// The message of the ConfigError that f throws ("" and a test failure if it throws none).
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a ConfigError";
  return "";
}

std::string load_error(const std::string& name) {
  return error_of([&] { Config().load_file(data(name)); });
}

std::string set_error(const std::string& assignment) {
  return error_of([&] {
    Config c;
    c.set(assignment);
    c.validate();
  });
}

TEST(ConfigSchema, RowsAreComplete) {
  std::set<std::string> seen;
  for (const KeySpec& spec : config_schema()) {
    SCOPED_TRACE(spec.key);
    EXPECT_TRUE(seen.insert(spec.key).second) << "duplicate key";
    EXPECT_NE(std::string(spec.key).find('.'), std::string::npos) << "key needs a section";
    EXPECT_STRNE(spec.unit, "");
    EXPECT_STRNE(spec.description, "");
    if (spec.type == KeyType::Int || spec.type == KeyType::Float) {
      EXPECT_LE(spec.min, spec.max);
    }
    EXPECT_EQ(find_key_spec(spec.key), &spec);
  }
  EXPECT_EQ(find_key_spec("core.nope"), nullptr);
}

TEST(Config, DefaultsMatchTable) {
  Config c;  // the constructor parses and range-checks every default
  EXPECT_EQ(c.get_int("core.contexts"), 4);
  EXPECT_FALSE(c.get_bool("core.smp_start"));
  EXPECT_DOUBLE_EQ(c.get_float("core.clock_ghz"), 1.0);
  EXPECT_EQ(c.get_int("core.tlb_entries"), 32);
  EXPECT_EQ(c.get_int("core.prid"), 0x00019300);
  EXPECT_EQ(c.get_int("memory.ram_size"), 268435456);
  EXPECT_EQ(c.get_int("platform.uart_base"), 0x1f000000);
  EXPECT_EQ(c.get_int("platform.simctl_base"), 0x1f001000);
  EXPECT_EQ(c.get_int("platform.blockdev_base"), 0x1f002000);
  EXPECT_EQ(c.get_int("platform.sensor_base"), 0x1f003000);
  EXPECT_EQ(c.get_string("sim.model"), "pipeline");
  EXPECT_EQ(c.get_int("sim.max_cycles"), 0);
  EXPECT_EQ(c.get_int("sim.quantum"), 1000);
  EXPECT_EQ(c.origin("core.contexts"), "default");
  EXPECT_NO_THROW(c.validate());
}

TEST(Config, GettersRejectProgrammingErrors) {
  Config c;
  EXPECT_THROW(c.get_int("core.contextz"), std::logic_error);
  EXPECT_THROW(c.get_int("core.smp_start"), std::logic_error);
  EXPECT_THROW(c.get_string("core.contexts"), std::logic_error);
  EXPECT_THROW(c.get_bool("core.clock_ghz"), std::logic_error);
  EXPECT_THROW(c.get_float("sim.model"), std::logic_error);
}

TEST(Config, LoadsValidFile) {
  Config c;
  c.load_file(data("valid.toml"));
  EXPECT_EQ(c.get_int("core.contexts"), 8);
  EXPECT_TRUE(c.get_bool("core.smp_start"));
  EXPECT_DOUBLE_EQ(c.get_float("core.clock_ghz"), 2.0);
  EXPECT_EQ(c.get_int("core.tlb_entries"), 64);
  EXPECT_EQ(c.get_int("core.prid"), 0x00019301);
  EXPECT_EQ(c.get_int("memory.ram_size"), 0x18000000);
  EXPECT_EQ(c.get_int("platform.uart_base"), 0x1fe00000);
  EXPECT_EQ(c.get_int("platform.simctl_base"), 0x1fe01000);
  EXPECT_EQ(c.get_int("platform.blockdev_base"), 0x1fe02000);
  EXPECT_EQ(c.get_int("platform.sensor_base"), 0x1fe03000);
  EXPECT_EQ(c.get_string("sim.model"), "iss");
  EXPECT_EQ(c.get_int("sim.max_cycles"), 1000000);
  EXPECT_EQ(c.get_int("sim.quantum"), 500);
  EXPECT_HAS(c.origin("core.contexts"), "valid.toml:3:");
}

TEST(Config, PartialFileAndEmptySectionKeepDefaultsAndLayer) {
  Config c;
  c.load_file(data("valid.toml"));
  c.load_file(data("partial.toml"));
  EXPECT_EQ(c.get_int("core.contexts"), 2);    // from partial.toml
  EXPECT_EQ(c.get_int("sim.quantum"), 500);    // still from valid.toml
  Config d;
  d.load_file(data("partial.toml"));
  EXPECT_EQ(d.get_int("memory.ram_size"), 268435456);
}

TEST(Config, UnknownKeyNamesFileAndSuggests) {
  std::string e = load_error("unknown_key.toml");
  EXPECT_HAS(e, "unknown_key.toml:3:");
  EXPECT_HAS(e, "unknown key 'core.contextz'");
  EXPECT_HAS(e, "(did you mean 'core.contexts'?)");
}

TEST(Config, UnknownSectionSuggests) {
  std::string e = load_error("unknown_section.toml");
  EXPECT_HAS(e, "unknown_section.toml:");
  EXPECT_HAS(e, "unknown section 'cor'");
  EXPECT_HAS(e, "did you mean 'core'?");
}

TEST(Config, OutOfRangeSaysWhatIsAllowed) {
  std::string e = load_error("out_of_range.toml");
  EXPECT_HAS(e, "out_of_range.toml:3:");
  EXPECT_HAS(e, "core.contexts = 40 is out of range (1..16)");
}

TEST(Config, WrongTypeNamesBothTypes) {
  std::string e = load_error("wrong_type.toml");
  EXPECT_HAS(e, "wrong_type.toml:3:");
  EXPECT_HAS(e, "memory.ram_size: expected an integer, got a string");
}

TEST(Config, TableWhereScalarExpected) {
  EXPECT_HAS(load_error("table_for_scalar.toml"),
             "core.contexts: expected an integer, got a table");
}

TEST(Config, BadTomlReportsLine) {
  std::string e = load_error("bad_syntax.toml");
  EXPECT_HAS(e, "bad_syntax.toml:3:");
  EXPECT_HAS(e, "TOML parse error");
}

TEST(Config, UnreadableFile) {
  std::string e = load_error("missing.toml");
  EXPECT_HAS(e, "cannot read config file '");
  EXPECT_HAS(e, "missing.toml': No such file or directory");
  EXPECT_HAS(error_of([] { Config().load_file(data("")); }), "a directory, not a regular file");
}

TEST(Config, FailedLoadLeavesConfigUnchanged) {
  Config c;
  EXPECT_THROW(c.load_file(data("overlap.toml")), ConfigError);
  EXPECT_EQ(c.get_int("platform.simctl_base"), 0x1f001000);
  EXPECT_EQ(c.origin("platform.simctl_base"), "default");
}

TEST(Config, SetEachType) {
  Config c;
  c.set("core.contexts=16");
  c.set("core.smp_start=true");
  c.set("core.clock_ghz=2.5");
  c.set("sim.model=iss");
  c.set(" sim.quantum = 7 ");
  EXPECT_EQ(c.get_int("core.contexts"), 16);
  EXPECT_TRUE(c.get_bool("core.smp_start"));
  EXPECT_DOUBLE_EQ(c.get_float("core.clock_ghz"), 2.5);
  EXPECT_EQ(c.get_string("sim.model"), "iss");
  EXPECT_EQ(c.get_int("sim.quantum"), 7);
  c.set("core.clock_ghz=3");  // integers are fine for floats
  EXPECT_DOUBLE_EQ(c.get_float("core.clock_ghz"), 3.0);
  c.set("core.smp_start=false");
  EXPECT_FALSE(c.get_bool("core.smp_start"));
  EXPECT_EQ(c.origin("core.contexts"), "--set core.contexts=16");
}

TEST(Config, SetHexAndLargeIntegers) {
  Config c;
  c.set("core.prid=0xFFFFFFFF");
  EXPECT_EQ(c.get_int("core.prid"), 0xffffffffLL);
  c.set("platform.uart_base=0x1ffff000");
  EXPECT_EQ(c.get_int("platform.uart_base"), 0x1ffff000);
  c.set("sim.max_cycles=4611686018427387904");  // 2^62, the limit
  EXPECT_EQ(c.get_int("sim.max_cycles"), int64_t{1} << 62);
  EXPECT_HAS(set_error("sim.max_cycles=4611686018427387905"), "is out of range");
  EXPECT_HAS(set_error("sim.max_cycles=99999999999999999999"), "fits in 64 bits");
}

TEST(Config, SetErrors) {
  EXPECT_HAS(set_error("core.contexts=abc"), "--set core.contexts=abc: expected an integer");
  EXPECT_HAS(set_error("core.contexts=4x"), "expected an integer");
  EXPECT_HAS(set_error("core.contexts="), "expected an integer");
  EXPECT_HAS(set_error("core.contexts=0"), "core.contexts = 0 is out of range (1..16)");
  EXPECT_HAS(set_error("core.prid=-1"), "core.prid = -0x1 is out of range (0x0..0xffffffff)");
  EXPECT_HAS(set_error("core.smp_start=yes"), "--set core.smp_start=yes: expected true or false");
  EXPECT_HAS(set_error("core.clock_ghz=fast"), "expected a number");
  EXPECT_HAS(set_error("core.clock_ghz=inf"), "expected a finite number");
  EXPECT_HAS(set_error("core.clock_ghz=0"), "core.clock_ghz = 0 is out of range (0.001..100)");
  EXPECT_HAS(set_error("core.contexts"), "--set core.contexts: expected key=value");
  std::string e = set_error("core.contextz=4");
  EXPECT_HAS(e, "--set core.contextz=4: unknown key 'core.contextz'");
  EXPECT_HAS(e, "did you mean 'core.contexts'?");
  EXPECT_HAS(set_error("contexts=4"), "did you mean 'core.contexts'?");
}

TEST(Config, StringChoiceRejected) {
  std::string e = set_error("sim.model=ooo");
  EXPECT_HAS(e, "sim.model = \"ooo\" is not allowed (one of: pipeline iss)");
  e = load_error("bad_choice.toml");
  EXPECT_HAS(e, "bad_choice.toml:3:");
  EXPECT_HAS(e, "is not allowed (one of: pipeline iss)");
}

TEST(Config, OverlappingDevices) {
  std::string e = load_error("overlap.toml");
  EXPECT_HAS(e, "overlap.toml:3:");
  EXPECT_HAS(e, "overlap");
  EXPECT_HAS(e, "platform.uart_base = 0x1f000000 (default)");
  EXPECT_HAS(e, "platform.simctl_base = 0x1f000000");
  // The same from --set, caught by validate() once all overrides are in.
  e = set_error("platform.sensor_base=0x1f002000");
  EXPECT_HAS(e, "--set platform.sensor_base=0x1f002000:");
  EXPECT_HAS(e, "platform.blockdev_base");
}

TEST(Config, RamLargerThanTheLowWindowContinuesAboveTheDevices) {
  Config c;
  c.load_file(data("ram_covers_devices.toml"));
  EXPECT_EQ(c.ram_low_size(), 0x1f000000u);
  c.set("memory.ram_size=0x80000000");
  EXPECT_NO_THROW(c.validate());
  EXPECT_EQ(c.ram_low_size(), 0x1f000000u);
  EXPECT_HAS(c.platform_header(), "#define KASANE_RAM_HIGH_BASE 0x20000000u");
  Config small;
  EXPECT_EQ(small.ram_low_size(), 0x10000000u);  // 256 MiB fits below the devices
}

TEST(Config, DeviceAlignmentAndRamPages) {
  std::string e = load_error("unaligned.toml");
  EXPECT_HAS(e, "unaligned.toml:3:");
  EXPECT_HAS(e, "platform.sensor_base = 0x1f003800");
  EXPECT_HAS(e, "not 4 KiB aligned");
  EXPECT_HAS(set_error("platform.uart_base=0x20000000"), "out of range (0x0..0x1ffff000)");
  EXPECT_HAS(set_error("memory.ram_size=1048577"), "not a multiple of 4096");
}

TEST(Config, HelpTextMentionsEveryKey) {
  const std::string help = Config::help_text();
  for (const KeySpec& spec : config_schema()) {
    SCOPED_TRACE(spec.key);
    EXPECT_HAS(help, std::string(spec.key) + " = ");
    EXPECT_HAS(help, spec.description);
  }
  for (const char* section : {"[core]", "[memory]", "[platform]", "[sim]"}) {
    EXPECT_HAS(help, section);
  }
  EXPECT_HAS(help, "core.contexts = 4  (int, contexts; 1..16)");
  EXPECT_HAS(help, "core.prid = 0x00019300  (int; 0x0..0xffffffff)");
  EXPECT_HAS(help, "sim.model = \"pipeline\"  (string; one of: pipeline iss)");
}

TEST(Config, ToJsonRoundTripsEveryKey) {
  Config c;
  c.load_file(data("valid.toml"));
  const nlohmann::json j = c.to_json();
  EXPECT_EQ(j["core"]["contexts"], 8);
  EXPECT_EQ(j["sim"]["model"], "iss");
  EXPECT_EQ(j["core"]["smp_start"], true);
  // Feed every value back through --set into a fresh config and compare.
  Config back;
  for (const KeySpec& spec : config_schema()) {
    std::string pointer = "/" + std::string(spec.key);
    for (char& ch : pointer) ch = ch == '.' ? '/' : ch;  // nested tables: fu.alu.count
    const nlohmann::json& v = j.at(nlohmann::json::json_pointer(pointer));
    back.set(std::string(spec.key) + "=" + (v.is_string() ? v.get<std::string>() : v.dump()));
  }
  back.validate();
  EXPECT_EQ(back.to_json(), j);
  // One object per top-level section of the schema.
  std::set<std::string> sections;
  for (const KeySpec& spec : config_schema()) {
    std::string key = spec.key;
    sections.insert(key.substr(0, key.find('.')));
  }
  EXPECT_EQ(j.size(), sections.size());
}

TEST(Config, PlatformHeader) {
  Config c;
  std::string h = c.platform_header();
  EXPECT_EQ(h.rfind("/* Generated by `kasane-sim --platform-header`", 0), 0u) << h;
  EXPECT_HAS(h, "do not edit");
  EXPECT_HAS(h, "#ifndef KASANE_PLATFORM_H\n#define KASANE_PLATFORM_H\n");
  EXPECT_HAS(h, "#define KASANE_RAM_SIZE 0x10000000u ");
  EXPECT_HAS(h, "#define KASANE_UART_BASE 0x1f000000u ");
  EXPECT_HAS(h, "#define KASANE_SIMCTL_BASE 0x1f001000u ");
  EXPECT_HAS(h, "#define KASANE_BLOCKDEV_BASE 0x1f002000u ");
  EXPECT_HAS(h, "#define KASANE_SENSOR_BASE 0x1f003000u ");
  EXPECT_HAS(h, "#define KASANE_CONTEXTS 4 ");
  EXPECT_HAS(h, "#endif /* KASANE_PLATFORM_H */\n");
  c.load_file(data("valid.toml"));
  h = c.platform_header();
  EXPECT_HAS(h, "#define KASANE_RAM_SIZE 0x18000000u ");
  EXPECT_HAS(h, "#define KASANE_UART_BASE 0x1fe00000u ");
  EXPECT_HAS(h, "#define KASANE_CONTEXTS 8 ");
}


// A key other keys imply (core.smp_start under the kernel on several cores) says so where it is
// reported, and a bad implied value is a bug of the simulator, not a config error.
TEST(Config, ImpliedValueNamesWhatImpliedIt) {
  Config c;
  c.imply("core.smp_start", "true", "platform.cores = 2 under the kernel");
  EXPECT_TRUE(c.get_bool("core.smp_start"));
  EXPECT_EQ(c.origin("core.smp_start"), "implied by platform.cores = 2 under the kernel");
  EXPECT_THROW(c.imply("core.no_such_key", "1", "x"), std::logic_error);
}

}  // namespace
}  // namespace kasane
