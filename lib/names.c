// SPDX-License-Identifier: LGPL-2.1-or-later
#include "config.h"

#include <stddef.h>

#include "blkzone-private.h"

struct name {
	unsigned int value;
	const char *abbrev;
	const char *name;
};

static const struct name type_names[] = {
	{ BLKZONE_TYPE_CONVENTIONAL,	"cnv",	"CONVENTIONAL" },
	{ BLKZONE_TYPE_SEQWRITE_REQ,	"swr",	"SEQ_WRITE_REQUIRED" },
	{ BLKZONE_TYPE_SEQWRITE_PREF,	"swp",	"SEQ_WRITE_PREFERRED" },
};

static const struct name cond_names[] = {
	{ BLKZONE_COND_NOT_WP,		"nw",	"NOT_WP" },
	{ BLKZONE_COND_EMPTY,		"em",	"EMPTY" },
	{ BLKZONE_COND_IMP_OPEN,	"oi",	"IMP_OPEN" },
	{ BLKZONE_COND_EXP_OPEN,	"oe",	"EXP_OPEN" },
	{ BLKZONE_COND_CLOSED,		"cl",	"CLOSED" },
	{ BLKZONE_COND_READONLY,	"ro",	"READONLY" },
	{ BLKZONE_COND_FULL,		"fu",	"FULL" },
	{ BLKZONE_COND_OFFLINE,		"ol",	"OFFLINE" },
	{ BLKZONE_COND_ACTIVE,		"ac",	"ACTIVE" },
};


/* Values come from devices: look them up, never index with them. */
static const char *lookup(const struct name *names, size_t n,
			  unsigned int value, bool abbrev)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (names[i].value == value)
			return abbrev ? names[i].abbrev : names[i].name;
	return "unknown";
}

const char *blkzone_type_name(unsigned int type, bool abbrev)
{
	return lookup(type_names, ARRAY_SIZE(type_names), type, abbrev);
}

const char *blkzone_cond_name(unsigned int cond, bool abbrev)
{
	return lookup(cond_names, ARRAY_SIZE(cond_names), cond, abbrev);
}

const char *blkzone_op_name(enum blkzone_op op)
{
	switch (op) {
	case BLKZONE_OP_RESET:
		return "reset";
	case BLKZONE_OP_OPEN:
		return "open";
	case BLKZONE_OP_CLOSE:
		return "close";
	case BLKZONE_OP_FINISH:
		return "finish";
	}
	return "unknown";
}

const char *blkzone_model_name(enum blkzone_model model)
{
	switch (model) {
	case BLKZONE_MODEL_NONE:
		return "none";
	case BLKZONE_MODEL_HOST_AWARE:
		return "host-aware";
	case BLKZONE_MODEL_HOST_MANAGED:
		return "host-managed";
	case BLKZONE_MODEL_UNKNOWN:
		break;
	}
	return "unknown";
}
