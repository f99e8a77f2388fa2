# Sourced by the shell scripts that build Koober: the shell twin of koober_harness.swift_build_arguments.
#
# scratch_path_arguments NAME [release]: sets the array NAME to `--scratch-path FOLDER` when a build folder was given
# (by .ci/run, or for a worktree): KOOBER_RELEASE_SCRATCH_PATH for a release build when set, else KOOBER_SCRATCH_PATH;
# to nothing when neither is set (SwiftPM's own .build).
# (Its own names start with `_scratch_`, so that the caller's NAME never names one of them: a local of the same name
# would stand in for the caller's array.)
scratch_path_arguments() {
    local -n _scratch_arguments=$1
    local _scratch_folder=${KOOBER_SCRATCH_PATH:-}
    [ "${2:-}" != release ] || _scratch_folder=${KOOBER_RELEASE_SCRATCH_PATH:-$_scratch_folder}
    _scratch_arguments=()
    [ -z "$_scratch_folder" ] || _scratch_arguments=(--scratch-path "$(realpath -m "$_scratch_folder")")
}
