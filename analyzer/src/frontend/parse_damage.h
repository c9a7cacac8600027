/*
 * Where a parse was damaged: the locations of its error diagnostics.
 *
 * libclang drops a statement that holds an expression it could not type
 * and a VarDecl's initializer of that kind, and gives no cursor for them;
 * only an error diagnostic inside the gap says that something was there.
 * The lowering asks this map whether a stretch of source holds an error
 * before it rebuilds what is missing from the tokens.
 */
#ifndef GENDISK_LINT_PARSE_DAMAGE_H
#define GENDISK_LINT_PARSE_DAMAGE_H

#include <clang-c/Index.h>
#include <stddef.h>

struct damage_spot {
	CXFile file;
	unsigned offset;
};

struct parse_damage {
	struct damage_spot *spots; /* sorted by file, then offset */
	size_t len;
};

/* The error and fatal diagnostics of tu, by the file location they point at. */
void parse_damage_init(struct parse_damage *pd, CXTranslationUnit tu);
void parse_damage_free(struct parse_damage *pd);

/* How many errors lie in [begin, end) of file. */
size_t parse_damage_count(const struct parse_damage *pd, CXFile file, unsigned begin,
			  unsigned end);

#endif
