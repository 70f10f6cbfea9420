// The search is compiled twice on x86-64: once for any processor (namespace portable) and once
// with BMI2, popcnt and lzcnt (namespace bmi2), whose pext, pdep and popcnt replace the table
// lookups of bits.h: about 10% less time on solver_bench --ours-only. Everything of the
// search lives in the inline namespace of its build, so the two builds link into one program
// side by side; the public Solver (solver.cpp, compiled once) picks one when it is made
// (SolverOptions::portable).
#pragma once

#ifndef SPADEWORK_SOLVER_ISA
#define SPADEWORK_SOLVER_ISA portable
#endif
#define SPADEWORK_SOLVER_NAMESPACE spadework::solver::inline SPADEWORK_SOLVER_ISA
