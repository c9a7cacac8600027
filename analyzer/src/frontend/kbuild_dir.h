/* The compile commands of a kbuild build, from the .cmd files it left. */
#ifndef GENDISK_LINT_KBUILD_DIR_H
#define GENDISK_LINT_KBUILD_DIR_H

#include "compile_db.h"

/*
 * Adds to db one entry per C file compiled in DIR (a built module
 * directory, M=DIR, or a directory of a kernel tree built in place): every
 * ".NAME.o.cmd" below DIR whose source is a .c file below DIR (kbuild's
 * generated *.mod.c and sources outside DIR, such as 6.12's
 * module-common.c, are left out), with that file's own command -- the
 * module's ccflags-y, -D and -I included -- translated for clang.
 * Relative paths in a command are relative to the directory the compiler
 * ran in: for an object named relatively (a kernel tree) the .cmd file's
 * directory less the object's; for one named absolutely (an M= module)
 * kdir, the kernel kbuild was run with (make -C KDIR).  Returns 0, or -1
 * with a message in err: DIR unreadable, no compiled C file in it, or an
 * M= build without kdir.
 */
int kbuild_dir_load(const char *dir, const char *kdir, struct compile_db *db, char *err,
		    size_t errlen);

#endif
