/* Does a kernel tree's configuration build a file?  Read from its Kbuild files and .config. */
#ifndef GENDISK_LINT_KBUILD_CONFIG_H
#define GENDISK_LINT_KBUILD_CONFIG_H

struct kbuild_config;

/*
 * The configuration of a prepared build dir (objdir/include/config/auto.conf,
 * else objdir/.config) for the tree at root, and the architecture it is
 * for (the one directory under objdir/arch/).  NULL when objdir has
 * neither file.
 */
struct kbuild_config *kbuild_config_load(const char *root, const char *objdir);
void kbuild_config_free(struct kbuild_config *c);

/*
 * 1 when the configuration builds file (a .c of the tree), 0 when it
 * does not, with *why set (owned: "CONFIG_AMIGA_FLOPPY is not set",
 * "arch/m68k is not the configured architecture"), -1 when the Kbuild
 * files do not tell (an object not named in its directory's Kbuild or
 * Makefile, a directory its parent does not name, a variable that is
 * not a CONFIG_ option).  Read, not run: make conditionals are ignored,
 * so a file behind one counts as built.
 */
int kbuild_config_builds(struct kbuild_config *c, const char *file, char **why);

#endif
