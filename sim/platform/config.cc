// Config: loading TOML machine files and --set overrides against the schema (schema.cc), the
// cross-key checks, and the outputs derived from the effective config (JSON dump, --help-config
// text; the target platform header is in platform_header.cc).
#include "config.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <sstream>

#include <toml++/toml.h>

#include "input_file.h"
#include "kasane/devices.h"
#include "mem/page.h"

namespace kasane {

namespace {

constexpr int64_t kPage = kPageBytes;
// Physical addresses a MIPS32 guest reaches unmapped through kseg1: devices must live here.
constexpr int64_t kPhysWindowEnd = 0x20000000;

const char* type_word(KeyType t) {
  switch (t) {
    case KeyType::Int: return "int";
    case KeyType::Bool: return "bool";
    case KeyType::Float: return "float";
    case KeyType::String: return "string";
  }
  return "?";
}

// "expected <this>" in errors.
const char* type_phrase(KeyType t) {
  switch (t) {
    case KeyType::Int: return "an integer";
    case KeyType::Bool: return "a boolean (true or false)";
    case KeyType::Float: return "a number";
    case KeyType::String: return "a string";
  }
  return "?";
}

// "got <this>" in errors about TOML values.
const char* toml_phrase(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a float";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    default: return "nothing";
  }
}

// Device windows: one 4 KiB page each. Register layouts (and sizes) are in <kasane/devices.h>.
struct Device {
  const char* key;
  int64_t size;
};
const Device kDevices[] = {
    {"platform.uart_base", KASANE_UART_SIZE},
    {"platform.simctl_base", KASANE_SIMCTL_SIZE},
    {"platform.blockdev_base", KASANE_BLK_SIZE},
    {"platform.sensor_base", KASANE_SENSOR_SIZE},
    {"platform.ipi_base", KASANE_IPI_SIZE},
    {"platform.simctl_user_base", KASANE_SIMCTL_USER_SIZE},
};

// Keys whose default is written in hex are addresses or register values: print them in hex.
bool is_hex(const KeySpec& spec) { return std::strncmp(spec.def, "0x", 2) == 0; }

std::string hex(int64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s0x%llx", v < 0 ? "-" : "",
                static_cast<unsigned long long>(v < 0 ? -static_cast<uint64_t>(v) : v));
  return buf;
}

std::string fmt_double(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string fmt_int(const KeySpec& spec, int64_t v) {
  return is_hex(spec) ? hex(v) : std::to_string(v);
}

std::string fmt_range(const KeySpec& spec) {
  switch (spec.type) {
    case KeyType::Int:
      return fmt_int(spec, static_cast<int64_t>(spec.min)) + ".." +
             fmt_int(spec, static_cast<int64_t>(spec.max));
    case KeyType::Float: return fmt_double(spec.min) + ".." + fmt_double(spec.max);
    case KeyType::Bool: return "true or false";
    case KeyType::String: {
      if (spec.choices.empty()) return "any string";
      std::string s = "one of:";
      for (const std::string& c : spec.choices) s += " " + c;
      return s;
    }
  }
  return "";
}

// The bounds of an Int key as integers. Bounds are doubles in the table; converting the value to
// double instead would round large values (2^62 + 1 would pass a 2^62 limit).
int64_t int_bound(double b) {
  if (b >= 9.2e18) return std::numeric_limits<int64_t>::max();
  if (b <= -9.2e18) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(b);
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1] ? 1 : 0)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string last_part(const std::string& key) {
  size_t dot = key.rfind('.');
  return dot == std::string::npos ? key : key.substr(dot + 1);
}

std::string section_of(const std::string& key) { return key.substr(0, key.find('.')); }

bool is_known_section(const std::string& prefix) {
  for (const KeySpec& spec : config_schema()) {
    const std::string key = spec.key;
    if (key.size() > prefix.size() && key.compare(0, prefix.size(), prefix) == 0 &&
        key[prefix.size()] == '.')
      return true;
  }
  return false;
}

// " (did you mean 'x'?)" for a near miss among `candidates`, else "". A key in the wrong section
// (same last part) also counts as a near miss.
std::string suggestion(const std::string& bad, const std::vector<std::string>& candidates) {
  const std::string* best = nullptr;
  size_t best_d = std::max<size_t>(2, bad.size() / 4) + 1;
  for (const std::string& c : candidates) {
    size_t d = edit_distance(bad, c);
    if (last_part(bad) == last_part(c)) d = 1;
    // A truncated key ("core.tlb" for "core.tlb_entries") is also a near miss.
    if (last_part(bad).size() >= 3 && c.compare(0, bad.size(), bad) == 0)
      d = std::min<size_t>(d, 2);
    if (d < best_d) best_d = d, best = &c;
  }
  return best ? " (did you mean '" + *best + "'?)" : "";
}

std::string unknown_key_message(const std::string& key) {
  std::vector<std::string> keys;
  for (const KeySpec& spec : config_schema()) keys.emplace_back(spec.key);
  return "unknown key '" + key + "'" + suggestion(key, keys) +
         "; `kasane-sim --help-config` lists every key";
}

std::string unknown_section_message(const std::string& section) {
  std::vector<std::string> sections;
  for (const KeySpec& spec : config_schema()) {
    std::string s = section_of(spec.key);
    if (std::find(sections.begin(), sections.end(), s) == sections.end()) sections.push_back(s);
  }
  return "unknown section '" + section + "'" + suggestion(section, sections) +
         "; `kasane-sim --help-config` lists every key";
}

// --set text (and schema defaults) to a value; throws the "expected ..." message alone.
std::variant<int64_t, bool, double, std::string> parse_text(const KeySpec& spec,
                                                            const std::string& text) {
  switch (spec.type) {
    case KeyType::Int: {
      const char* p = text.data();
      const char* end = p + text.size();
      bool neg = p != end && *p == '-';
      if (p != end && (*p == '-' || *p == '+')) ++p;
      int base = 10;
      if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) p += 2, base = 16;
      uint64_t u = 0;
      auto [ptr, ec] = std::from_chars(p, end, u, base);
      if (p == end || ptr != end || ec == std::errc::invalid_argument)
        throw ConfigError("expected an integer (decimal or 0x hex)");
      if (ec == std::errc::result_out_of_range || u > (neg ? 1ull << 63 : (1ull << 63) - 1))
        throw ConfigError("expected an integer that fits in 64 bits");
      return neg ? static_cast<int64_t>(0 - u) : static_cast<int64_t>(u);
    }
    case KeyType::Bool:
      if (text == "true") return true;
      if (text == "false") return false;
      throw ConfigError("expected true or false");
    case KeyType::Float: {
      char* end = nullptr;
      errno = 0;
      double d = text.empty() ? 0 : std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0') throw ConfigError("expected a number");
      if (!std::isfinite(d) || errno == ERANGE) throw ConfigError("expected a finite number");
      return d;
    }
    case KeyType::String: return text;
  }
  throw std::logic_error("bad KeyType");
}

std::string read_file(const std::string& path) {
  try {
    const std::vector<uint8_t> bytes = read_input_file(path, Config::kMaxFileBytes);
    return std::string(bytes.begin(), bytes.end());
  } catch (const std::runtime_error& e) {
    throw ConfigError("cannot read config file '" + path + "': " + e.what());
  }
}

std::string position(const std::string& path, const toml::source_region& src) {
  return path + ":" + std::to_string(src.begin.line) + ":" + std::to_string(src.begin.column);
}

}  // namespace

Config::Config() {
  for (const KeySpec& spec : config_schema()) {
    try {
      values_[spec.key] = parse_text(spec, spec.def);
    } catch (const ConfigError& e) {
      throw std::logic_error(std::string("schema default of ") + spec.key + ": " + e.what());
    }
    origins_[spec.key] = "default";
  }
}

void Config::store(const KeySpec& spec, Value v, const std::string& where) {
  std::string bad;
  if (spec.type == KeyType::Int) {
    int64_t i = std::get<int64_t>(v);
    if (i < int_bound(spec.min) || i > int_bound(spec.max))
      bad = fmt_int(spec, i) + " is out of range (" + fmt_range(spec) + ")";
  } else if (spec.type == KeyType::Float) {
    double d = std::get<double>(v);
    if (!std::isfinite(d) || d < spec.min || d > spec.max)
      bad = fmt_double(d) + " is out of range (" + fmt_range(spec) + ")";
  } else if (spec.type == KeyType::String && !spec.choices.empty()) {
    const std::string& s = std::get<std::string>(v);
    if (std::find(spec.choices.begin(), spec.choices.end(), s) == spec.choices.end())
      bad = "\"" + s + "\" is not allowed (" + fmt_range(spec) + ")";
  }
  if (!bad.empty()) throw ConfigError(where + ": " + spec.key + " = " + bad);
  values_[spec.key] = std::move(v);
  origins_[spec.key] = where;
}

void Config::load_file(const std::string& path) {
  const std::string text = read_file(path);
  toml::table root;
  try {
    root = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    throw ConfigError(position(path, e.source()) + ": TOML parse error: " +
                      std::string(e.description()));
  }
  // Apply to a copy so that a bad file leaves the config as it was.
  Config next = *this;
  // Depth-first walk: tables become dotted prefixes, scalars must be schema keys.
  auto walk = [&](auto&& self, const toml::table& table, const std::string& prefix) -> void {
    for (auto&& [k, node] : table) {
      const std::string name(k.str());
      const std::string key = prefix.empty() ? name : prefix + "." + name;
      const std::string where = position(path, node.source());
      const KeySpec* spec = find_key_spec(key);
      if (const toml::table* sub = node.as_table(); sub && !spec) {
        if (!is_known_section(key)) {
          throw ConfigError(where + ": " + (prefix.empty() ? unknown_section_message(key)
                                                           : unknown_key_message(key)));
        }
        self(self, *sub, key);
        continue;
      }
      if (!spec) throw ConfigError(where + ": " + unknown_key_message(key));
      Value v;
      if (spec->type == KeyType::Int && node.is_integer()) {
        v = node.as_integer()->get();
      } else if (spec->type == KeyType::Float && (node.is_floating_point() || node.is_integer())) {
        v = node.is_integer() ? static_cast<double>(node.as_integer()->get())
                              : node.as_floating_point()->get();
      } else if (spec->type == KeyType::Bool && node.is_boolean()) {
        v = node.as_boolean()->get();
      } else if (spec->type == KeyType::String && node.is_string()) {
        v = node.as_string()->get();
      } else {
        throw ConfigError(where + ": " + key + ": expected " + type_phrase(spec->type) + ", got " +
                          toml_phrase(node));
      }
      next.store(*spec, std::move(v), where);
    }
  };
  walk(walk, root, "");
  next.validate();
  *this = std::move(next);
}

void Config::set(const std::string& assignment) {
  const std::string where = "--set " + assignment;
  size_t eq = assignment.find('=');
  if (eq == std::string::npos) throw ConfigError(where + ": expected key=value");
  auto trim = [](std::string s) {
    s.erase(0, s.find_first_not_of(" \t"));
    s.erase(s.find_last_not_of(" \t") + 1);
    return s;
  };
  const std::string key = trim(assignment.substr(0, eq));
  const std::string text = trim(assignment.substr(eq + 1));
  const KeySpec* spec = find_key_spec(key);
  if (!spec) throw ConfigError(where + ": " + unknown_key_message(key));
  Value v;
  try {
    v = parse_text(*spec, text);
  } catch (const ConfigError& e) {
    throw ConfigError(where + ": " + e.what());
  }
  store(*spec, std::move(v), where);
}

void Config::imply(const std::string& key, const std::string& value, const std::string& why) {
  const KeySpec* spec = find_key_spec(key);
  if (!spec) throw std::logic_error("config key '" + key + "' is not in the schema");
  store(*spec, parse_text(*spec, value), "implied by " + why);
}

void Config::validate() const {
  // Errors start with where the user most likely made the change: the origin of `key`, or of
  // `other` if `key` is at its default. `msg` gets that place so that it can say where each
  // other key it mentions was set without repeating the prefix.
  using Describe = std::function<std::string(const char*)>;
  auto fail = [&](const char* key, const char* other,
                  const std::function<std::string(const Describe&)>& msg) {
    std::string where = origin(key);
    if (where == "default" && other) where = origin(other);
    // "name = value (where it was set)" for error messages.
    Describe describe = [&](const char* k) {
      const KeySpec& spec = *find_key_spec(k);
      const std::string& from = origin(k);
      std::string text = std::string(k) + " = " + fmt_int(spec, get_int(k));
      if (from == "default") return text + " (default)";
      return from == where ? text : text + " (set in " + from + ")";
    };
    throw ConfigError((where == "default" ? std::string("config") : where) + ": " +
                      msg(describe));
  };

  const int64_t ram = get_int("memory.ram_size");
  if (ram % kPage != 0)
    fail("memory.ram_size", nullptr, [&](const Describe& describe) {
      return describe("memory.ram_size") + " is not a multiple of " + std::to_string(kPage) +
             " (RAM is allocated in pages)";
    });

  // MONITOR watches an aligned line and fetch reads an aligned block, and a line's L2 bank is
  // some of its address bits: each must be a power of two for the mask that finds it to be right.
  for (const char* key : {"core.monitor_line", "fetch.block", "l2.banks"}) {
    const int64_t size = get_int(key);
    if (size & (size - 1))
      fail(key, nullptr, [&](const Describe& describe) {
        return describe(key) + " is not a power of two";
      });
  }

  if (get_int("platform.cores") * get_int("core.contexts") > kMaxContexts)
    fail("platform.cores", "core.contexts", [&](const Describe& describe) {
      return describe("platform.cores") + " times " + describe("core.contexts") + " is more than " +
             std::to_string(kMaxContexts) + " hardware contexts in the machine";
    });

  std::vector<const Device*> by_base;
  for (const Device& d : kDevices) {
    const int64_t base = get_int(d.key);
    if (base % kPage != 0)
      fail(d.key, nullptr, [&](const Describe& describe) {
        return describe(d.key) + " is not 4 KiB aligned";
      });
    if (base < 0 || base + d.size > kPhysWindowEnd)
      fail(d.key, nullptr, [&](const Describe& describe) {
        return describe(d.key) + ": its " + hex(d.size) +
               "-byte window must lie in physical 0x0..0x1fffffff (reachable through kseg1)";
      });
    by_base.push_back(&d);
  }
  std::sort(by_base.begin(), by_base.end(),
            [&](const Device* a, const Device* b) { return get_int(a->key) < get_int(b->key); });

  for (size_t i = 1; i < by_base.size(); ++i) {
    const Device& a = *by_base[i - 1];
    const Device& b = *by_base[i];
    if (get_int(a.key) + a.size > get_int(b.key)) {
      const bool b_changed = origin(b.key) != "default";
      fail(b_changed ? b.key : a.key, b_changed ? a.key : b.key, [&](const Describe& describe) {
        return "device windows overlap: " + describe(a.key) + " covers [" + hex(get_int(a.key)) +
               ", " + hex(get_int(a.key) + a.size) + ") and " + describe(b.key) +
               " starts inside it; each device needs its own window";
      });
    }
  }
}

const Config::Value& Config::lookup(const std::string& key, KeyType want) const {
  const KeySpec* spec = find_key_spec(key);
  if (!spec) throw std::logic_error("config key '" + key + "' is not in the schema");
  if (spec->type != want)
    throw std::logic_error("config key '" + key + "' is " + type_word(spec->type) + ", not " +
                           type_word(want));
  return values_.at(key);
}

int64_t Config::get_int(const std::string& key) const {
  return std::get<int64_t>(lookup(key, KeyType::Int));
}
bool Config::get_bool(const std::string& key) const {
  return std::get<bool>(lookup(key, KeyType::Bool));
}
double Config::get_float(const std::string& key) const {
  return std::get<double>(lookup(key, KeyType::Float));
}
const std::string& Config::get_string(const std::string& key) const {
  return std::get<std::string>(lookup(key, KeyType::String));
}

std::vector<std::string> Config::without_effect() const {
  std::vector<std::string> out;
  for (const KeyCondition& k : key_conditions()) {
    const KeySpec& spec = *find_key_spec(k.key);
    if (values_.at(k.key) == parse_text(spec, spec.def) || k.holds(*this)) continue;
    out.push_back(std::string(k.key) + " (" + origin(k.key) + ") has no effect without " + k.needs);
  }
  return out;
}

const std::string& Config::origin(const std::string& key) const {
  auto it = origins_.find(key);
  if (it == origins_.end()) throw std::logic_error("config key '" + key + "' is not in the schema");
  return it->second;
}

nlohmann::json Config::to_json() const {
  nlohmann::json root = nlohmann::json::object();
  for (const KeySpec& spec : config_schema()) {
    nlohmann::json* node = &root;
    std::string key = spec.key;
    for (size_t dot; (dot = key.find('.')) != std::string::npos; key.erase(0, dot + 1))
      node = &(*node)[key.substr(0, dot)];
    std::visit([&](const auto& v) { (*node)[key] = v; }, values_.at(spec.key));
  }
  return root;
}

std::string Config::help_text() {
  std::ostringstream out;
  out << "Machine config keys. In a TOML file: [section] then key = value; on the command line:\n"
         "--set section.key=value (integers in decimal or 0x hex). Every key is optional.\n";
  std::string section;
  for (const KeySpec& spec : config_schema()) {
    if (section_of(spec.key) != section) {
      section = section_of(spec.key);
      out << "\n[" << section << "]\n";
    }
    out << "  " << spec.key << " = " << (spec.type == KeyType::String ? "\"" : "") << spec.def
        << (spec.type == KeyType::String ? "\"" : "") << "  (" << type_word(spec.type);
    if (std::strcmp(spec.unit, "-") != 0) out << ", " << spec.unit;
    if (spec.type != KeyType::Bool) out << "; " << fmt_range(spec);
    out << ")\n      " << spec.description << "\n";
  }
  return out.str();
}

uint64_t Config::ram_low_size() const {
  int64_t lowest = get_int("memory.ram_size");
  for (const Device& d : kDevices)  // the device hole is 16 MiB aligned
    lowest = std::min(lowest, get_int(d.key) & ~int64_t{0xffffff});
  return static_cast<uint64_t>(lowest);
}

}  // namespace kasane
