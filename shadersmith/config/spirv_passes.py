"""spirv-opt pass lists: the fixed presets and random lists drawn from a seed (seed 002).

A random list is drawn from passes that preserve the meaning of a well-defined program.
Left out on purpose: passes that change precision or rounding (`--relax-float-ops`,
`--convert-relaxed-to-half`), change the memory model (`--upgrade-memory-model`), add
bounds checks (`--graphics-robust-access`), only make sense for HLSL or for other stages,
and flags that need a numeric argument we would also have to draw (`--loop-fission`,
`--loop-fusion`, `--loop-unroll-partial`). Also left out: `--loop-peeling`, which creates
OpPhi instructions on pointers (invalid without VariablePointers), a known bug
(KhronosGroup/SPIRV-Tools#2230) that SPIRV-Tools v2023.1 still has: on 1,080 random lists
over generated programs, every spirv-val failure came from `--redundancy-elimination`
followed by `--loop-peeling`, and it would drown everything else a campaign finds. And
`--loop-invariant-code-motion`, which hoists loads of variables the loop writes
(KhronosGroup/SPIRV-Tools#5075, fixed by #5087 after v2023.1): alone it changed the
results of 2 of the first 30 reconditioned programs.

Ordering constraint, from seed 002 Example 6: `--merge-return` cannot handle some control
flow that `--eliminate-dead-code-aggressive` removes, and spirv-opt then exits with an
error asking for that pass first. We keep spirv-opt inside its documented domain by
placing an aggressive dead-code elimination immediately before every `--merge-return`.
"""

from __future__ import annotations

import random

PRESETS: dict[str, list[str]] = {"O": ["-O"], "Os": ["-Os"]}

MERGE_RETURN = "--merge-return"
DEAD_CODE_ELIMINATION = "--eliminate-dead-code-aggressive"

RANDOM_PASSES: tuple[str, ...] = (
    "--ccp",
    "--cfg-cleanup",
    "--combine-access-chains",
    "--convert-local-access-chains",
    "--copy-propagate-arrays",
    "--eliminate-dead-branches",
    DEAD_CODE_ELIMINATION,
    "--eliminate-dead-const",
    "--eliminate-dead-functions",
    "--eliminate-dead-inserts",
    "--eliminate-dead-variables",
    "--eliminate-insert-extract",
    "--eliminate-local-multi-store",
    "--eliminate-local-single-block",
    "--eliminate-local-single-store",
    "--if-conversion",
    "--inline-entry-points-exhaustive",
    "--local-redundancy-elimination",
    "--loop-unroll",
    "--loop-unswitch",
    "--merge-blocks",
    MERGE_RETURN,
    "--private-to-local",
    "--reduce-load-size",
    "--redundancy-elimination",
    "--remove-duplicates",
    "--scalar-replacement=100",
    "--simplify-instructions",
    "--ssa-rewrite",
    "--strength-reduction",
    "--unify-const",
    "--vector-dce",
    "--wrap-opkill",
)

MIN_RANDOM_PASSES = 1
MAX_RANDOM_PASSES = 20

# The passes -O and -Os run that no random list draws: the pass-list reducer replaces a
# preset by the passes it runs (spirv_tools.preset_passes), so a reduced list holds them.
# The same in SPIRV-Tools v2023.1 and the newest release (a test checks both); without them
# a reduced -Os test could not be read back (the GPU yield run's spirv-opt SIGFPE).
PRESET_ONLY_PASSES: tuple[str, ...] = ("--eliminate-dead-members", "--scalar-replacement=0")

# Every flag a recorded pass list may hold: the presets' and the random lists' (a reduced
# list is a sublist of one of those, or of a preset's passes). A test.json is shared and
# untrusted, and its list goes to spirv-opt's command line as it is: any other flag is
# refused (case/schema.py), since some make spirv-opt read or write a file
# (`-Oconfig=FILE`, `--print-all`, an input name).
KNOWN_PASSES: frozenset[str] = frozenset(
    {flag for preset in PRESETS.values() for flag in preset}
    | set(RANDOM_PASSES)
    | set(PRESET_ONLY_PASSES)
)


def random_pass_list(rng: random.Random) -> list[str]:
    """A random sequence of passes (repeats allowed, as in gfauto) that respects the
    ordering constraints."""
    count = rng.randint(MIN_RANDOM_PASSES, MAX_RANDOM_PASSES)
    return respect_ordering([rng.choice(RANDOM_PASSES) for _ in range(count)])


def choose_pass_list(rng: random.Random) -> list[str]:
    """What the `vk-lavapipe-opt` target runs: -O, -Os, or (half the time) a random list."""
    roll = rng.random()
    if roll < 0.25:
        return list(PRESETS["O"])
    if roll < 0.5:
        return list(PRESETS["Os"])
    return random_pass_list(rng)


def respect_ordering(passes: list[str]) -> list[str]:
    """`passes` with an aggressive dead-code elimination just before every merge-return
    that does not already follow one."""
    ordered: list[str] = []
    for flag in passes:
        if flag == MERGE_RETURN and (not ordered or ordered[-1] != DEAD_CODE_ELIMINATION):
            ordered.append(DEAD_CODE_ELIMINATION)
        ordered.append(flag)
    return ordered


def violates_ordering(passes: list[str]) -> bool:
    """True when some merge-return is not immediately preceded by dead-code elimination."""
    return any(
        flag == MERGE_RETURN and (index == 0 or passes[index - 1] != DEAD_CODE_ELIMINATION)
        for index, flag in enumerate(passes)
    )
