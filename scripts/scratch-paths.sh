# Sourced by the shell scripts that build Koober: the shell twin of koober_harness.swift_build_arguments.
#
# scratch_path_arguments NAME [release]: sets the array NAME to `--scratch-path FOLDER` when a build folder was given
# (by .ci/run, or for a worktree): KOOBER_RELEASE_SCRATCH_PATH for a release build when set, else KOOBER_SCRATCH_PATH;
# to nothing when neither is set (SwiftPM's own .build).
scratch_path_arguments() {
    local -n scratch_arguments=$1
    local scratch=${KOOBER_SCRATCH_PATH:-}
    [ "${2:-}" != release ] || scratch=${KOOBER_RELEASE_SCRATCH_PATH:-$scratch}
    scratch_arguments=()
    [ -z "$scratch" ] || scratch_arguments=(--scratch-path "$(realpath -m "$scratch")")
}
