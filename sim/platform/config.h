// Machine configuration of kasane-sim: the schema of every config key (schema.cc) and the Config
// that holds the effective values, loaded from TOML machine files and `--set key=value` overrides.
// Every key has a type, a default, a unit, a range or list of choices and a one-line description
// in the one schema table; anything not in the table is rejected with an error that names where it
// came from (file:line:column or the --set argument), the key and what is allowed.
#ifndef KASANE_SIM_PLATFORM_CONFIG_H
#define KASANE_SIM_PLATFORM_CONFIG_H

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace kasane {

enum class KeyType { Int, Bool, Float, String };

// One row of the schema. `def` is written the way a user would write it after --set (it is parsed
// by the same code), so a default that starts with "0x" also makes the key print in hex.
struct KeySpec {
  const char* key;          // dotted: "core.contexts" is `contexts` in the TOML table [core]
  KeyType type;
  const char* def;          // default, as --set text
  const char* unit;         // "-" when the value has no unit
  const char* description;  // one line
  double min, max;          // inclusive bounds, for Int and Float
  std::vector<std::string> choices;  // for String: the allowed values (empty = any)
  // Part of the machine a checkpoint's state belongs to (its shape, memory map, what the boot
  // block told the kernel): a restore must be given the same value. Timing keys are not.
  bool machine = false;
};

// The one table of every config key, in the order help_text() prints them.
const std::vector<KeySpec>& config_schema();

// The spec of `key`, or nullptr if the schema has no such key.
const KeySpec* find_key_spec(const std::string& key);

// A key that acts only when another key has a value it does not have by default: a run that sets
// it without the other would not do what was asked (sim.warmup without sim.fast_forward).
struct KeyCondition {
  const char* key;                       // the key that may have no effect
  const char* needs;                     // what it needs, as a user would write it
  bool (*holds)(const class Config&);    // whether that is so in a config
};
const std::vector<KeyCondition>& key_conditions();

// The schema as JSON, for tools (`kasane-sim --help-config=json`): {"schema_version": N, "keys":
// [{name, type, default, unit, min, max, choices, description}, ...]} in schema order; defaults are
// typed values, unit is null for "-", min/max only for numbers, choices only for strings that list
// them.
nlohmann::json config_schema_json();

// A user's config is wrong: the message says where, which key and what is allowed.
struct ConfigError : std::runtime_error {
  using runtime_error::runtime_error;
};

class Config {
 public:
  Config();  // every key at its default

  // The largest config file load_file() reads: every key of the schema with a long comment on
  // each fits in a few KiB, so a megabyte is generous and still bounds what a wrong path (a log,
  // an image) costs.
  static constexpr uint64_t kMaxFileBytes = 1 << 20;

  // Reads a TOML file (a regular file of at most kMaxFileBytes); tables map to dotted keys
  // ([core] contexts=4 -> "core.contexts"). Keys the file does not mention keep their current
  // value, so files can be layered. Runs validate().
  void load_file(const std::string& path);

  // Applies one "key=value" from --set, parsed per the key's type (integers: decimal or 0x hex).
  // Does not run validate(): main calls it once after all --set, so that overrides that only make
  // sense together (say, moving a device and growing RAM) can be given in any order.
  void set(const std::string& assignment);
  // Sets `key` to `value` (as --set text) because other keys imply it; origin() then says
  // "implied by " + `why`, so stats.json's config and every message tell the truth.
  void imply(const std::string& key, const std::string& value, const std::string& why);

  // Cross-key checks (device windows aligned, inside the kseg1-reachable physical space, not
  // overlapping each other or RAM). Throws ConfigError naming the keys and where they were set.
  void validate() const;

  // Typed access. A key not in the schema or of another type is a programming error in the
  // simulator, not a user error, so these throw std::logic_error.
  int64_t get_int(const std::string& key) const;
  bool get_bool(const std::string& key) const;
  double get_float(const std::string& key) const;
  const std::string& get_string(const std::string& key) const;

  // One line per key set to something other than its default value that has no effect in this
  // config, naming the key, where it was set and what it needs (key_conditions()).
  std::vector<std::string> without_effect() const;

  // Where the key's current value came from: "default", "file.toml:3:5" or "--set key=value".
  const std::string& origin(const std::string& key) const;

  // The full effective config as nested objects: {"core":{"contexts":4,...},...}.
  nlohmann::json to_json() const;

  // For `kasane-sim --help-config`: every key with type, default, unit, range or choices and
  // description, grouped by section.
  static std::string help_text();

  // RAM is split around the device window, as on MIPS boards: the part below the lowest device's
  // 16 MiB region sits at physical 0 (reachable through kseg0/kseg1), the rest continues at
  // kRamHighBase (reachable only through the TLB).
  static constexpr uint64_t kRamHighBase = 0x20000000;
  // Hardware contexts in the machine (platform.cores * core.contexts), at most: the one
  // definition, generated for the OS and runtime as KASANE_MAX_CONTEXTS (platform_header()).
  static constexpr int kMaxContexts = 16;
  uint64_t ram_low_size() const;

  // C header for target code (<kasane/platform.h>): RAM size, device bases, context count.
  std::string platform_header() const;

 private:
  using Value = std::variant<int64_t, bool, double, std::string>;

  // Range/choice check of one value; `where` prefixes the error ("x.toml:3:5", "--set a=b").
  void store(const KeySpec& spec, Value v, const std::string& where);
  const Value& lookup(const std::string& key, KeyType want) const;

  std::map<std::string, Value> values_;
  std::map<std::string, std::string> origins_;
};

}  // namespace kasane

#endif  // KASANE_SIM_PLATFORM_CONFIG_H
