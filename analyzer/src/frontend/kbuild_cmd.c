/* Parse the cmd_/savedcmd_ and source_ lines of a kbuild .cmd file. */
#include "kbuild_cmd.h"

#include "read_file.h"
#include "string_list.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The text of LINE (up to its end) after "PREFIX<target> := ", or NULL;
 * the target is returned in *target when target is not NULL. */
static char *line_value(const char *line, const char *prefix, char **target)
{
	const char *end = strchr(line, '\n');
	size_t len = end ? (size_t)(end - line) : strlen(line);
	size_t plen = strlen(prefix);
	const char *eq;

	if (strncmp(line, prefix, plen) != 0)
		return NULL;
	eq = strstr(line, " := ");
	if (!eq || eq > line + len)
		return NULL;
	if (target)
		*target = xstrndup(line + plen, (size_t)(eq - line) - plen);
	eq += 4;
	while (*eq == ' ')
		eq++;
	return xstrndup(eq, len - (size_t)(eq - line));
}

int kbuild_cmd_read(const char *path, struct kbuild_cmd *cmd)
{
	char *text = read_file(path, NULL);

	memset(cmd, 0, sizeof(*cmd));
	if (!text)
		return -1;
	for (const char *line = text; line && *line;) {
		const char *next = strchr(line, '\n');

		if (!cmd->command) {
			cmd->command = line_value(line, "savedcmd_", &cmd->target);
			if (!cmd->command)
				cmd->command = line_value(line, "cmd_", &cmd->target);
		}
		if (!cmd->source)
			cmd->source = line_value(line, "source_", NULL);
		line = next ? next + 1 : NULL;
	}
	free(text);
	if (!cmd->command) {
		kbuild_cmd_free(cmd);
		errno = EINVAL;
		return -1;
	}
	return 0;
}

void kbuild_cmd_free(struct kbuild_cmd *cmd)
{
	free(cmd->target);
	free(cmd->command);
	free(cmd->source);
	memset(cmd, 0, sizeof(*cmd));
}
