/* Read the compile command kbuild saved in an object's .cmd file. */
#ifndef GENDISK_LINT_KBUILD_CMD_H
#define GENDISK_LINT_KBUILD_CMD_H

/*
 * What kbuild records for one object in its ".NAME.o.cmd" file:
 *   cmd_TARGET := COMMAND          (savedcmd_TARGET from 6.3 on)
 *   source_TARGET := SOURCE        (C and assembler objects)
 * target and source as kbuild wrote them (absolute for M= modules,
 * relative to the build's top directory in a kernel tree); command is
 * the whole saved line (it may go on with "; objtool ...": shell_split()
 * stops there).  source is NULL when the file has no source_ line.
 */
struct kbuild_cmd {
	char *target;
	char *command;
	char *source;
};

/* Returns 0, or -1 (errno set, or EINVAL: no cmd_ line) with *cmd zeroed. */
int kbuild_cmd_read(const char *path, struct kbuild_cmd *cmd);
void kbuild_cmd_free(struct kbuild_cmd *cmd);

#endif
