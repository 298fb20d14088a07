from tests.faults import spectators
if __name__ == "__main__":
    spectators.spectators(count=500, caps={"DOGPARK_SPECTATORS_PER_GAME": "500"}).show()
