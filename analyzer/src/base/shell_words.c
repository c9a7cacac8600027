/* Split a shell command line into words, the way sh would for simple commands. */
#include "shell_words.h"

#include <stdlib.h>
#include <string.h>

void shell_split(const char *cmd, struct string_list *words)
{
	size_t cap = strlen(cmd) + 1, len = 0;
	char *word = xmalloc(cap);
	int in_word = 0;
	const char *p = cmd;

	while (*p) {
		char c = *p;

		if (c == ' ' || c == '\t' || c == '\n') {
			if (in_word) {
				word[len] = '\0';
				string_list_push(words, word);
				len = 0;
				in_word = 0;
			}
			p++;
			continue;
		}
		if (c == ';' || c == '|' || (c == '&' && p[1] == '&'))
			break;
		in_word = 1;
		if (c == '\'') {
			p++;
			while (*p && *p != '\'')
				word[len++] = *p++;
			if (*p)
				p++;
		} else if (c == '"') {
			p++;
			while (*p && *p != '"') {
				if (*p == '\\' && p[1] && strchr("\"\\$`", p[1]))
					p++;
				word[len++] = *p++;
			}
			if (*p)
				p++;
		} else if (c == '\\' && p[1]) {
			word[len++] = p[1];
			p += 2;
		} else {
			word[len++] = c;
			p++;
		}
	}
	if (in_word) {
		word[len] = '\0';
		string_list_push(words, word);
	}
	free(word);
}
