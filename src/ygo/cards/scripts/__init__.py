"""cards/scripts"""
