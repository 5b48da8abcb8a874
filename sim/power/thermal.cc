// The two-node RC thermal model: the linear system, its exact step and its closed-form step
// response. See thermal.h for the circuit and sim/power/README.md for the default constants.
//
// With rises above ambient x = (x1 die, x2 spreader), R1 = r_die_spreader, R2 = r_spreader_ambient,
// C1 = c_die, C2 = c_spreader and power P into the die:
//
//   C1 x1' = P - (x1 - x2) / R1
//   C2 x2' = (x1 - x2) / R1 - x2 / R2
//
// i.e. x' = A x + b P with
//
//   A = [ -1/(R1 C1)            1/(R1 C1)       ]      b = [ 1/C1 ]
//       [  1/(R1 C2)   -(1/R1 + 1/R2)/C2        ]          [  0   ]
//
// Steady state (x' = 0): x2 = P R2 and x1 = P (R1 + R2), the ambient plus power times the
// resistance to the ambient. For P constant over h seconds the exact solution is
//
//   x(t + h) = x_inf + exp(A h) (x(t) - x_inf).
//
// Eigenvalues of A: lambda = (tr ± sqrt(tr² - 4 det)) / 2 with tr = a11 + a22 and
// det = a11 a22 - a12 a21 = 1 / (R1 R2 C1 C2). The discriminant equals (a11 - a22)² + 4 a12 a21,
// and a12 a21 = 1 / (R1² C1 C2) > 0, so the eigenvalues are real, negative and always distinct.
// For a 2x2 matrix with distinct eigenvalues l1, l2 (Sylvester's formula):
//
//   exp(A h) = [e1 (A - l2 I) - e2 (A - l1 I)] / (l1 - l2),   ei = exp(li h)
//            = (e1 - e2)/(l1 - l2) A + (l1 e2 - l2 e1)/(l1 - l2) I,
//
// evaluated below with expm1 so that short steps (|l h| << 1) lose no digits to cancellation.
#include "power/thermal.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace kasane {

namespace {

struct System {
  double a11, a12, a21, a22;
  double l1, l2;  // l1 > l2 (l1 is the slow mode, l2 the fast one)
};

System make_system(const ThermalConfig& c) {
  System s;
  s.a11 = -1.0 / (c.r_die_spreader * c.c_die);
  s.a12 = 1.0 / (c.r_die_spreader * c.c_die);
  s.a21 = 1.0 / (c.r_die_spreader * c.c_spreader);
  s.a22 = -(1.0 / c.r_die_spreader + 1.0 / c.r_spreader_ambient) / c.c_spreader;
  const double tr = s.a11 + s.a22;
  const double diff = s.a11 - s.a22;
  const double root = std::sqrt(diff * diff + 4.0 * s.a12 * s.a21);  // the discriminant, see top
  // tr < 0 and root > 0: l2 = (tr - root)/2 has no cancellation; l1 from l1 l2 = det avoids the
  // cancellation in (tr + root)/2 when the two time constants are far apart.
  s.l2 = 0.5 * (tr - root);
  const double det = s.a11 * s.a22 - s.a12 * s.a21;
  s.l1 = det / s.l2;
  return s;
}

}  // namespace

ThermalConfig default_thermal_config() {
  ThermalConfig c;
  // Die to case: R_theta_JC = 7.6 K/W of a small single-core SoC in a plastic BGA without heat
  // sink (TI TMS320C6742 data sheet, table 8-1, PBGA ZCE). It is also what HotSpot's material
  // constants give for a 1 mm² patch: 0.15 mm of silicon at 100 W/(m K) plus 20 um of interface
  // at 4 W/(m K) = 1.5 + 5 = 6.5 K/W (HotSpot temperature.c, default_thermal_config()).
  c.r_die_spreader = 7.6;
  // A 1 mm² core patch, 0.15 mm thick, at silicon's 1.75e6 J/(m³ K) (HotSpot's t_chip, p_chip):
  // 2.6e-4 J/K, so the die node's time constant is about R C = 2 ms.
  c.c_die = 2.6e-4;
  // Case to ambient: the same data sheet's R_theta_JA = 23.9 K/W in still air (JEDEC 2S2P board)
  // minus R_theta_JC: 16.3 K/W.
  c.r_spreader_ambient = 16.3;
  // Deliberately small (see the README): a real package holds 0.1-3 J/K (HotSpot's 30x30x1 mm
  // copper spreader: 3.2 J/K) and would take minutes to settle; 0.02 J/K makes the slow time
  // constant about 0.33 s, so simulated runs of a second reach steady state. Steady temperatures
  // do not depend on it, only the time axis of the slow part of a transient.
  c.c_spreader = 0.02;
  c.ambient_c = 45.0;  // HotSpot's default ambient (318.15 K)
  // HotSpot samples every 3.333 us = 10,000 cycles at 3 GHz; 10,000 cycles is 10 us at the
  // simulator's default 1 GHz, 1/200 of the die time constant.
  c.interval_cycles = 10000;
  c.clock_ghz = 1.0;  // core.clock_ghz's default
  return c;
}

void validate(const ThermalConfig& c) {
  auto positive = [](double v, const char* name) {
    if (!(v > 0)) throw std::invalid_argument(std::string("thermal: ") + name + " must be > 0");
  };
  positive(c.r_die_spreader, "r_die_spreader");
  positive(c.c_die, "c_die");
  positive(c.r_spreader_ambient, "r_spreader_ambient");
  positive(c.c_spreader, "c_spreader");
  positive(c.clock_ghz, "clock_ghz");
  if (c.interval_cycles == 0) throw std::invalid_argument("thermal: interval_cycles must be > 0");
  if (!(c.ambient_c > -273.15)) throw std::invalid_argument("thermal: ambient_c below 0 K");
}

ThermalModel::ThermalModel(const ThermalConfig& cfg) : cfg_(cfg) { validate(cfg_); }

void ThermalModel::step(double power_w, double seconds) {
  if (!(seconds > 0)) return;
  if (seconds != cached_h_) {
    const System s = make_system(cfg_);
    const double em1 = std::expm1(s.l1 * seconds);  // e1 - 1
    const double em2 = std::expm1(s.l2 * seconds);  // e2 - 1
    const double dl = s.l1 - s.l2;
    const double ka = (em1 - em2) / dl;              // (e1 - e2)/(l1 - l2)
    const double ki = 1.0 + (s.l1 * em2 - s.l2 * em1) / dl;  // (l1 e2 - l2 e1)/(l1 - l2)
    m_[0][0] = ka * s.a11 + ki;
    m_[0][1] = ka * s.a12;
    m_[1][0] = ka * s.a21;
    m_[1][1] = ka * s.a22 + ki;
    cached_h_ = seconds;
  }
  const double inf_spreader = power_w * cfg_.r_spreader_ambient;
  const double inf_die = power_w * (cfg_.r_die_spreader + cfg_.r_spreader_ambient);
  const double d1 = rise_die_ - inf_die;
  const double d2 = rise_spreader_ - inf_spreader;
  rise_die_ = inf_die + m_[0][0] * d1 + m_[0][1] * d2;
  rise_spreader_ = inf_spreader + m_[1][0] * d1 + m_[1][1] * d2;
}

// From ambient (x(0) = 0) the die rise is a sum of the two modes:
//
//   x1(t) = x1_inf + c1 exp(l1 t) + c2 exp(l2 t),   x1_inf = P (R1 + R2).
//
// Two conditions fix c1 and c2: x1(0) = 0 gives c1 + c2 = -x1_inf, and at t = 0 both nodes are at
// ambient so no heat leaves the die yet: x1'(0) = P / C1 = l1 c1 + l2 c2. Hence
//
//   c1 = (P / C1 + l2 x1_inf) / (l1 - l2),   c2 = -x1_inf - c1.
double ThermalModel::analytic_die_c(const ThermalConfig& cfg, double power_w, double t) {
  validate(cfg);
  const System s = make_system(cfg);
  const double inf = power_w * (cfg.r_die_spreader + cfg.r_spreader_ambient);
  const double c1 = (power_w / cfg.c_die + s.l2 * inf) / (s.l1 - s.l2);
  const double c2 = -inf - c1;
  return cfg.ambient_c + inf + c1 * std::exp(s.l1 * t) + c2 * std::exp(s.l2 * t);
}

ThermalModel::TimeConstants ThermalModel::time_constants(const ThermalConfig& cfg) {
  validate(cfg);
  const System s = make_system(cfg);
  return {-1.0 / s.l2, -1.0 / s.l1};
}

}  // namespace kasane
