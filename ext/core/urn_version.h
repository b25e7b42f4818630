/*
** urn_version.h -- the version of sqlite-urn, the one every engine's
** urn_version() returns.  The version is written in one place, the file
** VERSION at the top of the tree; tools/version.sh set X.Y.Z writes it
** here and into every other file that carries it, and test/version.test
** fails when any of them differs from VERSION (CHANGELOG.md says which
** change makes a major, a minor or a patch version).  The release tests
** (test/release/) build a stand-in for an older release with
** -DURN_VERSION='"0.0.9"'; nothing else defines it.
*/
#ifndef URN_VERSION_H
#define URN_VERSION_H

#ifndef URN_VERSION
#define URN_VERSION "0.2.0"
#endif

#endif /* URN_VERSION_H */
