"""Real-world shaders (piglit's, or any directory of them) as references, donors and
fusion parts (issue 20, part 3).

    corpus = open_corpus("piglit")                   # or a directory; CorpusError
    shader = pick(corpus, seed, Stage.FRAGMENT)       # a CorpusProgram, checked
    usable_program(corpus, "tests/x.shader_test", 0)  # one file, or Unusable(reason)

files.py reads the corpus (never through a link), convert.py turns a shader into a
program of ours, fill.py draws its inputs from a seed, programs.py checks it with the
reconditioner and the interpreter and chooses one for a seed, record.py is what a test
keeps of it (so it replays without the corpus).
"""

from shadersmith.corpus.files import (
    GENERATED,
    PIGLIT,
    PIGLIT_ROOT,
    Corpus,
    CorpusError,
    Unusable,
    open_corpus,
)
from shadersmith.corpus.programs import Purpose, pick, usable_program
from shadersmith.front.corpus_record import CORPUS, CorpusProgram, program_of_record, record_of

__all__ = [
    "CORPUS",
    "GENERATED",
    "PIGLIT",
    "PIGLIT_ROOT",
    "Corpus",
    "CorpusError",
    "CorpusProgram",
    "Purpose",
    "Unusable",
    "open_corpus",
    "pick",
    "program_of_record",
    "record_of",
    "usable_program",
]
