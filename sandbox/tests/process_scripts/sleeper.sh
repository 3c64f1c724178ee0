#!/bin/sh
# Runs far past any test's time limit (sleep is a child of this shell, in its group).
sleep 30
