#!/bin/sh
# /bin/prometheus of the official image keeps its data under the working directory (/prometheus);
# Debian's build defaults elsewhere, so the stand-in names the path unless the command does.
case " $* " in
  *" --storage.tsdb.path"*) exec /usr/bin/prometheus "$@" ;;
  *) exec /usr/bin/prometheus --storage.tsdb.path=/prometheus "$@" ;;
esac
